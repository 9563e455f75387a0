import {
  CONVERSION_ERRORS,
  CURRENCY_CACHE_TTL_MS,
  FALLBACK_RATES_PER_USD,
  MAX_CONVERSION_AMOUNT,
  amountIn,
  convertCurrency,
  formatPrice,
  isCurrencyCacheFresh,
  isCurrencyCode,
  priceSymbol,
  roundMoney,
  sanitizePrice,
} from './money';
import { MINUTE_MS } from './time';

describe('FALLBACK_RATES_PER_USD', () => {
  it.each([
    ['EUR', 0.92],
    ['GBP', 0.79],
    ['CAD', 1.36],
    ['AUD', 1.52],
    ['JPY', 149.5],
    ['KRW', 1320],
    ['BRL', 5.03],
    ['CNY', 7.23],
    ['INR', 83.12],
    ['CHF', 0.88],
    ['SEK', 10.45],
    ['NOK', 10.87],
    ['DKK', 6.86],
    ['PLN', 4.02],
    ['CZK', 22.45],
    ['HUF', 365.2],
    ['MXN', 17.85],
  ] as const)('§9 1 USD = %s %d', (code, rate) => {
    expect(FALLBACK_RATES_PER_USD[code]).toBe(rate);
  });

  it('§9 holds the 17 listed currencies plus the USD base', () => {
    expect(Object.keys(FALLBACK_RATES_PER_USD)).toHaveLength(18);
    expect(isCurrencyCode('USD')).toBe(true);
    expect(isCurrencyCode('XYZ')).toBe(false);
    expect(isCurrencyCode('toString')).toBe(false);
  });
});

describe(convertCurrency.name, () => {
  it.each([
    ['§9 USD → EUR', 100, 'USD', 'EUR', 92],
    ['§9 EUR → USD', 92, 'EUR', 'USD', 100],
    ['§9 USD → JPY', 10, 'USD', 'JPY', 1495],
    ['§9 GBP → CAD via USD', 79, 'GBP', 'CAD', 136],
    ['§9 same currency is unchanged', 12.34, 'EUR', 'EUR', 12.34],
    ['§9 codes are case- and space-insensitive', 1, ' usd ', 'krw', 1320],
    ['§9 result rounded to cents', 1, 'USD', 'HUF', 365.2],
    ['§9 cents rounding', 0.33, 'USD', 'EUR', 0.3],
  ])('%s', (_row, amount, from, to, expected) => {
    const sut = convertCurrency(amount, from, to);
    expect(sut.ok && sut.value.convertedAmount).toBe(expected);
  });

  it.each([
    ['§5 zero amount', 0, 'USD', 'EUR', CONVERSION_ERRORS.invalidAmount],
    ['§5 negative amount', -5, 'USD', 'EUR', CONVERSION_ERRORS.invalidAmount],
    ['§5 NaN amount', Number.NaN, 'USD', 'EUR', CONVERSION_ERRORS.invalidAmount],
    ['§5 infinite amount', Number.POSITIVE_INFINITY, 'USD', 'EUR', CONVERSION_ERRORS.invalidAmount],
    ['§5 missing from', 10, '', 'EUR', CONVERSION_ERRORS.invalidCurrencies],
    ['§5 missing to', 10, 'USD', undefined, CONVERSION_ERRORS.invalidCurrencies],
    ['§5 null code', 10, null, 'EUR', CONVERSION_ERRORS.invalidCurrencies],
    ['decision: unknown code', 10, 'USD', 'XYZ', CONVERSION_ERRORS.invalidCurrencies],
    [
      '§5 amount whose conversion overflows (1e308 USD → KRW)',
      1e308,
      'USD',
      'KRW',
      CONVERSION_ERRORS.invalidAmount,
    ],
    ['§5 amount above the cap, same currency', 1e308, 'USD', 'USD', CONVERSION_ERRORS.invalidAmount],
    [
      '§5/§9 decision: amount just above the 1e12 cap',
      1e12 + 1,
      'EUR',
      'USD',
      CONVERSION_ERRORS.invalidAmount,
    ],
  ])('%s → error', (_row, amount, from, to, error) => {
    expect(convertCurrency(amount, from, to)).toEqual({ ok: false, error });
  });

  it('§5/§9 decision: converts amounts up to MAX_CONVERSION_AMOUNT (1e12) to a finite result', () => {
    expect(MAX_CONVERSION_AMOUNT).toBe(1e12);
    const sut = convertCurrency(MAX_CONVERSION_AMOUNT, 'USD', 'KRW');
    expect(sut).toMatchObject({ ok: true, value: { convertedAmount: 1.32e15 } });
  });

  it('§5 a conversion that is not finite with live rates is an invalid amount, not 0', () => {
    expect(convertCurrency(1e12, 'USD', 'KRW', { USD: 1e-300, KRW: 1e300 })).toEqual({
      ok: false,
      error: CONVERSION_ERRORS.invalidAmount,
    });
  });

  it('§5 exact error texts', () => {
    expect(CONVERSION_ERRORS).toEqual({
      invalidAmount: 'Invalid amount for currency conversion',
      invalidCurrencies: 'Invalid currency codes',
    });
  });

  it('§8 uses live rates when given, and refuses a code missing from them', () => {
    const sut = convertCurrency(10, 'USD', 'EUR', { USD: 1, EUR: 0.5 });
    expect(sut).toEqual({
      ok: true,
      value: { convertedAmount: 5, exchangeRate: 0.5, fromCurrency: 'USD', toCurrency: 'EUR' },
    });
    expect(convertCurrency(10, 'USD', 'GBP', { USD: 1 })).toEqual({
      ok: false,
      error: CONVERSION_ERRORS.invalidCurrencies,
    });
  });
});

describe(sanitizePrice.name, () => {
  it.each([
    ['§5 rounds to two decimals', 12.345, 12.35],
    ['§5 float error does not round down', 1.005, 1.01],
    ['§5 keeps two decimals', 19.99, 19.99],
    ['§5 negative becomes 0', -3, 0],
    ['§5 NaN becomes 0', Number.NaN, 0],
    ['§5 API string amount', '89.99', 89.99],
    ['§5 unreadable string', 'abc', 0],
    ['§5 null', null, 0],
    ['§5 beyond cent precision kept as is', 1e300, 1e300],
    ['§5 undefined', undefined, 0],
  ])('%s', (_row, input, expected) => expect(sanitizePrice(input)).toBe(expected));

  it('roundMoney never yields -0 and maps non-finite to 0', () => {
    expect(Object.is(roundMoney(-0.001), 0)).toBe(true);
    expect(roundMoney(-1.234)).toBe(-1.23);
    expect(roundMoney(Number.NaN)).toBe(0);
  });
});

describe(formatPrice.name, () => {
  it.each([
    ['§9 USD symbol, two decimals', 5, 'USD', '$5.00'],
    ['§9 EUR symbol', 12.5, 'EUR', '€12.50'],
    ['§9 CAD is C$', 1234.5, 'CAD', 'C$1,234.50'],
    ['§9 GBP symbol', 0.1, 'GBP', '£0.10'],
    ['decision: other currencies show the ISO code and a space', 1250, 'JPY', 'JPY 1,250.00'],
    ['decision: lowercase code', 3, 'aud', 'AUD 3.00'],
    ['§9 default currency is USD', 7, undefined, '$7.00'],
    ['§9 blank currency is USD', 7, '', '$7.00'],
    ['rounds to cents', 2.675, 'USD', '$2.68'],
    ['negative amounts put the sign first', -4.2, 'USD', '-$4.20'],
    ['unreadable amount shows 0.00', Number.NaN, 'USD', '$0.00'],
    ['null amount shows 0.00', null, 'EUR', '€0.00'],
  ])('%s', (_row, amount, currency, expected) => expect(formatPrice(amount, currency)).toBe(expected));

  it('§9 priceSymbol for the four defined currencies', () => {
    expect(['USD', 'EUR', 'CAD', 'GBP'].map(priceSymbol)).toEqual(['$', '€', 'C$', '£']);
    expect(priceSymbol(null)).toBe('$');
  });
});

describe(isCurrencyCacheFresh.name, () => {
  const now = Date.parse('2026-01-01T00:00:00Z');
  it.each([
    ['§9 just fetched', now, true],
    ['§9 29 minutes old', now - 29 * MINUTE_MS, true],
    ['§9 exactly 30 minutes old is stale', now - CURRENCY_CACHE_TTL_MS, false],
    ['§9 31 minutes old', now - 31 * MINUTE_MS, false],
    ['ISO string instant', new Date(now - MINUTE_MS).toISOString(), true],
    ['Date instant', new Date(now - 40 * MINUTE_MS), false],
    ['never fetched', null, false],
    ['unreadable timestamp', 'not a date', false],
  ])('%s', (_row, fetchedAt, expected) => expect(isCurrencyCacheFresh(fetchedAt, now)).toBe(expected));
});

describe(amountIn.name, () => {
  it.each<[string, number, string | undefined, string, number]>([
    ['converts with the §9 rates (BRL 100 ≈ USD 19.88)', 100, 'BRL', 'USD', 19.88],
    ['converts into the shopper currency (USD 50 = BRL 251.50)', 50, 'USD', 'BRL', 251.5],
    ['keeps an amount already in the currency', 42.5, 'EUR', 'eur', 42.5],
    ['keeps 0 (unknown or free)', 0, 'BRL', 'USD', 0],
    ['keeps an amount it cannot convert', 10, 'XXX', 'USD', 10],
    ['reads a missing currency as USD (§9 default)', 10, undefined, 'EUR', 9.2],
  ])('%s', (_case, amount, from, to, expected) => {
    expect(amountIn(amount, from, to)).toBe(expected);
  });
});
