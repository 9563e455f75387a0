import { createHash } from 'node:crypto';
import { normalizeGtin } from '@pt/domain';
import { DEMO_CATEGORIES, DemoCatalog, matchesQuery } from './catalog';
import { parseFilter } from './ebay-server';

describe(DemoCatalog.name, () => {
  const sut = new DemoCatalog({ seed: 'catalog-spec' });
  const t0 = Date.UTC(2025, 5, 1);

  it('holds at least 5,000 products over both marketplaces and every category', () => {
    expect(sut.size).toBeGreaterThanOrEqual(5_000);
    for (const marketplace of ['ebay', 'aliexpress'] as const) {
      const products = sut.byMarketplace(marketplace);
      expect(products.length).toBeGreaterThanOrEqual(2_500);
      expect(new Set(products.map((p) => p.category.slug))).toEqual(
        new Set(DEMO_CATEGORIES.map((c) => c.slug)),
      );
    }
    expect(DEMO_CATEGORIES.map((c) => c.slug)).toEqual(
      expect.arrayContaining(['electronics', 'home', 'fashion', 'toys', 'sports', 'beauty']),
    );
  });

  it('is the same for the same seed and different for another', () => {
    const again = new DemoCatalog({ seed: 'catalog-spec' });
    const other = new DemoCatalog({ seed: 'other-seed' });
    const fingerprint = (c: DemoCatalog) =>
      c.products.map((p) => `${p.key}|${p.title}|${p.basePrice}`).join('\n');
    expect(fingerprint(again) === fingerprint(sut)).toBe(true);
    expect(other.products.slice(0, 50).map((p) => p.title)).not.toEqual(
      sut.products.slice(0, 50).map((p) => p.title),
    );
    expect(again.priceAt(sut.products[7]!.key, t0)).toBe(sut.priceAt(sut.products[7]!.key, t0));
  });

  it('gives products unique ids in the marketplaces’ formats, their own images, sellers, ratings and locations', () => {
    expect(new Set(sut.products.map((p) => p.key)).size).toBe(sut.size);
    // One assertion over all products: thousands of expect() calls would make the suite slow.
    const problems = sut.products.flatMap((p) => {
      const wrong: string[] = [];
      if (
        p.marketplace === 'ebay' &&
        (!/^\d{12}$/.test(p.key) || p.itemId !== `v1|${p.key}|${p.variationId ?? '0'}`)
      )
        wrong.push('ebay id');
      if (
        p.marketplace === 'aliexpress' &&
        (!/^1005\d{12}$/.test(p.key) || !Number.isSafeInteger(Number(p.key)))
      )
        wrong.push('aliexpress id');
      if (p.images.length === 0 || p.images.some((image, n) => image !== `/images/${p.key}/${n}.svg`))
        wrong.push('images');
      if (p.title.length <= 5) wrong.push('title');
      if (!(p.basePrice > 0)) wrong.push('price');
      if (!(Number(p.seller.feedbackPercentage) >= 90)) wrong.push('seller');
      if (!/^[A-Z]{2}$/.test(p.location.country)) wrong.push('location');
      return wrong.map((w) => `${p.key}: ${w}`);
    });
    expect(problems).toEqual([]);
    expect(new Set(sut.byMarketplace('ebay').map((p) => p.condition.id)).size).toBeGreaterThan(3);
  });

  it('sells cross-listed models after the generated products: each variant on both marketplaces, identifiers on eBay only', () => {
    const cross = sut.products.filter((p) => p.modelId);
    expect(cross.length).toBeGreaterThanOrEqual(200);
    expect(sut.products.slice(0, sut.products.length - cross.length).every((p) => !p.modelId)).toBe(true);
    const byVariant = new Map<string, string[]>();
    for (const p of cross) byVariant.set(p.variantId, [...(byVariant.get(p.variantId) ?? []), p.marketplace]);
    expect(new Set([...byVariant.values()].map((m) => m.sort().join()))).toEqual(
      new Set(['aliexpress,ebay']),
    );
    for (const p of sut.products) {
      if (p.marketplace === 'aliexpress') expect(p.identifiers).toEqual({});
      else if (p.identifiers.gtin !== undefined) expect(normalizeGtin(p.identifiers.gtin)).toBeDefined();
    }
    // Two variants of one model never share an identifier.
    const gtins = cross.filter((p) => p.marketplace === 'ebay').map((p) => p.identifiers.gtin);
    expect(new Set(gtins).size).toBe(gtins.length);
  });

  it('prices the same product close on both marketplaces, and leaves the generated products as they were', () => {
    const cross = sut.products.filter((p) => p.modelId);
    const byVariant = new Map<string, typeof cross>();
    for (const p of cross) byVariant.set(p.variantId, [...(byVariant.get(p.variantId) ?? []), p]);
    for (const [variantId, twins] of byVariant) {
      const landed = twins.map((p) => p.basePrice + p.shippingCost);
      // Within a quarter of each other landed (the curves then move each listing on its own).
      expect({ variantId, ratio: Math.max(...landed) / Math.min(...landed) <= 1.25 }).toEqual({
        variantId,
        ratio: true,
      });
    }
    // The 6,000 generated listings keep their draws: key, price, shipping and title as before twins
    // were priced together (the fingerprint of the catalog before that change).
    const generated = new DemoCatalog({ seed: 'demo' }).products.filter((p) => !p.modelId);
    const fingerprint = createHash('sha256')
      .update(generated.map((p) => `${p.key}:${p.basePrice}:${p.shippingCost}:${p.title}`).join('\n'))
      .digest('hex')
      .slice(0, 16);
    expect([generated.length, fingerprint]).toEqual([6000, '3f551587b5294175']);
  });

  it('finds products by item id, legacy id, product id and aliexpress_ id', () => {
    const ebay = sut.byMarketplace('ebay')[0]!;
    const ali = sut.byMarketplace('aliexpress')[0]!;
    expect(sut.get(ebay.itemId!)).toBe(ebay);
    expect(sut.get(ebay.key)).toBe(ebay);
    expect(sut.get(ali.key)).toBe(ali);
    expect(sut.get(`aliexpress_${ali.key}`)).toBe(ali);
    expect(sut.get('nope')).toBeUndefined();
    expect(() => sut.priceAt('nope', t0)).toThrow('No demo product nope');
  });

  describe('prices over time', () => {
    const product = sut.products[11]!;

    it('are constant within a bucket and a pure function of (seed, product, bucket)', () => {
      const bucketStart = sut.bucketOf(t0) * sut.priceBucketMs;
      expect(sut.priceAt(product.key, bucketStart)).toBe(
        sut.priceAt(product.key, bucketStart + sut.priceBucketMs - 1),
      );
      expect(sut.priceAt(product.key, new Date(bucketStart))).toBe(sut.priceAt(product.key, bucketStart));
    });

    it('move: a product sees several prices over a day', () => {
      const moving = sut.products.find((p) => p.volatile)!;
      const prices = new Set(
        Array.from({ length: 288 }, (_, i) => sut.priceAt(moving.key, t0 + i * sut.priceBucketMs)),
      );
      expect(prices.size).toBeGreaterThan(10);
    });

    it('stay within a sane band around the long-term curve, two decimals, above zero', () => {
      const instants = Array.from({ length: 500 }, (_, i) => t0 + i * sut.priceBucketMs);
      const outside = instants.filter((at) => {
        const price = sut.priceAt(product.key, at);
        const curve = sut.curvePriceAt(product.key, at);
        return !(
          price > 0 &&
          price <= curve * 1.09 &&
          price >= curve * 0.55 &&
          Math.round(price * 100) / 100 === price
        );
      });
      expect(outside).toEqual([]);
    });

    it('drop now and then, and nextDrop finds the first drop', () => {
      const drop = sut.nextDrop(product.key, t0)!;
      expect(drop.at.getTime()).toBeGreaterThanOrEqual(sut.bucketOf(t0) * sut.priceBucketMs);
      expect(drop.after).toBeLessThan(drop.before);
      expect(sut.priceAt(product.key, drop.at)).toBe(drop.after);
      expect(sut.priceAt(product.key, drop.at.getTime() - 1)).toBe(drop.before);
      const drops = Array.from({ length: 1_000 }, (_, i) =>
        sut.isDrop(product.key, t0 + i * sut.priceBucketMs),
      ).filter(Boolean).length;
      expect(drops).toBeGreaterThan(20);
      expect(drops).toBeLessThan(150);
    });

    it('keep the original price at or above the current price', () => {
      const wrong = sut.products.filter((p) => {
        const original = sut.originalPriceAt(p.key, t0);
        return p.listFactor === undefined
          ? original !== undefined
          : !(original !== undefined && original >= sut.priceAt(p.key, t0));
      });
      expect(wrong).toEqual([]);
    });
  });
});

describe('demo search helpers', () => {
  const product = new DemoCatalog({ seed: 's', size: 2 }).products[0]!;

  it('matches words with AND and "(a, b)" groups with OR', () => {
    const [first, second] = product.title.toLowerCase().split(' ');
    expect(matchesQuery(product, `${first} ${second}`)).toBe(true);
    expect(matchesQuery(product, `${first} zzz`)).toBe(false);
    expect(matchesQuery(product, `(zzz, ${second})`)).toBe(true);
    expect(matchesQuery(product, '')).toBe(true);
  });

  it.each([
    ['price:[10..50],priceCurrency:USD', { price: [10, 50], priceCurrency: 'USD' }],
    ['price:[10],priceCurrency:usd', { price: [10, undefined], priceCurrency: 'USD' }],
    ['price:[..50]', { price: [undefined, 50] }],
    ['conditionIds:{1000|3000},buyingOptions:{FIXED_PRICE}', { conditionIds: ['1000', '3000'] }],
    ['', {}],
  ])('parses the Browse filter %s', (filter, expected) => {
    expect(parseFilter(filter)).toEqual(expected);
  });
});
