import fc from 'fast-check';
import { CURRENCY_CODES, FALLBACK_RATES_PER_USD, convertCurrency, formatPrice, sanitizePrice } from './money';
import { decodeProductId, normalizeProductId } from './product-ids';
import { SEARCH_QUERY_MAX_LENGTH, sanitizeSearchQuery } from './search';

// Ids built from the pieces that matter (prefixes, pipes, escapes) find more edge cases than random text.
const idPiece = fc.oneof(
  fc.constantFrom(
    'ebay_',
    'ali_',
    'amazon_',
    'aliexpress_',
    'ae_',
    '|',
    '%7C',
    '%257C',
    '%',
    '%E0',
    '%41',
    '%C3%A9',
    'v1',
    '0',
  ),
  fc.stringMatching(/^[0-9]{1,16}$/),
  fc.string({ maxLength: 6 }),
);
const productId = fc.array(idPiece, { maxLength: 8 }).map((parts) => parts.join(''));

const queryText = fc.oneof(
  fc.string({ maxLength: 400 }),
  fc
    .array(fc.constantFrom('<', '>', '"', "'", ' ', '\t', '\n', 'a', 'ab ', 'drone'), { maxLength: 300 })
    .map((p) => p.join('')),
);

describe('properties', () => {
  it('§5 normalisation is idempotent', () => {
    fc.assert(
      fc.property(productId, (id) => normalizeProductId(normalizeProductId(id)) === normalizeProductId(id)),
      { numRuns: 2000 },
    );
    fc.assert(
      fc.property(fc.string(), (id) => normalizeProductId(normalizeProductId(id)) === normalizeProductId(id)),
    );
  });

  it('§5 decoding is idempotent', () => {
    fc.assert(
      fc.property(productId, (id) => decodeProductId(decodeProductId(id)) === decodeProductId(id)),
      { numRuns: 2000 },
    );
  });

  it('§5 query sanitising is idempotent, ≤ 200 chars and free of <>"\'', () => {
    fc.assert(
      fc.property(queryText, (q) => {
        const once = sanitizeSearchQuery(q);
        expect(sanitizeSearchQuery(once)).toBe(once);
        expect(once.length).toBeLessThanOrEqual(SEARCH_QUERY_MAX_LENGTH);
        expect(once).not.toMatch(/[<>"']/);
      }),
      { numRuns: 1000 },
    );
  });

  it('§5 price sanitising is idempotent and non-negative', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.double({ noNaN: false }),
          fc.integer().map((n) => n / 1000),
          fc.double({ min: 1e11, max: 1e16 }),
        ),
        (p) => {
          const once = sanitizePrice(p);
          expect(sanitizePrice(once)).toBe(once);
          expect(once).toBeGreaterThanOrEqual(0);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('§9 formatting always shows exactly two decimals', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.double({ min: -1e12, max: 1e12, noNaN: false }), fc.integer()),
        fc.constantFrom(...CURRENCY_CODES, 'XYZ'),
        (amount, currency) => {
          expect(formatPrice(amount, currency)).toMatch(/^-?(\$|€|C\$|£|[A-Z]{3} )\d{1,3}(,\d{3})*\.\d{2}$/);
        },
      ),
    );
  });

  it('§9 conversion A→B→A returns the amount within rounding', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000_000 }),
        fc.constantFrom(...CURRENCY_CODES),
        fc.constantFrom(...CURRENCY_CODES),
        (cents, a, b) => {
          const amount = cents / 100;
          const there = convertCurrency(amount, a, b);
          if (!there.ok) return true; // a tiny amount in a strong currency can round to 0 (refused on the way back)
          const back = convertCurrency(there.value.convertedAmount, b, a);
          if (!back.ok) return there.value.convertedAmount === 0;
          // Each leg rounds to half a cent; the first leg's error is scaled back by rate(A)/rate(B).
          const tolerance = 0.005 * (FALLBACK_RATES_PER_USD[a] / FALLBACK_RATES_PER_USD[b]) + 0.005 + 1e-9;
          expect(Math.abs(back.value.convertedAmount - amount)).toBeLessThanOrEqual(tolerance);
          return true;
        },
      ),
      { numRuns: 2000 },
    );
  });
});
