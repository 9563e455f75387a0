import { Topics, createEventEnvelope, settingEventKey } from '@pt/contracts';
import { randomUUID } from 'node:crypto';
import { SearchController } from '../../src/controllers/search.controller';
import { FakeDriver, fakeDrivers, fakeProduct } from '../support/fake-driver';
import { HOST_START_TIMEOUT_MS, startCatalogHost, type CatalogHost } from '../support/catalog-host';

const price = (amount: number) => ({ price: { amount, currency: 'USD', formattedPrice: `$${amount}` } });

describe(SearchController.name, () => {
  let sut: CatalogHost;
  const ebay = new FakeDriver('ebay');
  const ali = new FakeDriver('aliexpress');

  beforeAll(async () => {
    sut = await startCatalogHost({ drivers: fakeDrivers(ebay, ali) });
  }, HOST_START_TIMEOUT_MS);
  afterAll(() => sut.close());
  beforeEach(() => {
    ebay.heal().calls.length = 0;
    ali.heal().calls.length = 0;
    ebay.products = Array.from({ length: 30 }, (_, i) =>
      fakeProduct('ebay', `2000000000${10 + i}`, {
        title: `Desk Lamp ${i}`,
        ...price(10 + i),
        rating: 3 + (i % 3) * 0.5,
      }),
    );
    ali.products = Array.from({ length: 30 }, (_, i) =>
      fakeProduct('aliexpress', `10050000000${10 + i}`, { title: `Desk Lamp LED ${i}`, ...price(5 + i * 2) }),
    );
  });

  const search = (query: Record<string, string>) => sut.request.get('/api/v1/search').query(query);

  it('searches both marketplaces in parallel and merges them, relevance interleaving the rankings', async () => {
    const res = await search({ q: 'desk lamp' }).expect(200);
    expect(res.body).toMatchObject({
      query: 'desk lamp',
      page: 1,
      pageSize: 20,
      total: 60,
      totalPages: 3,
      hasMore: true,
      partial: false,
    });
    expect(res.body.products.slice(0, 2).map((p: { marketplace: string }) => p.marketplace)).toEqual([
      'ebay',
      'aliexpress',
    ]);
    expect(res.body.marketplaces).toEqual(
      expect.arrayContaining([
        { marketplace: 'ebay', status: 'ok', count: 20, total: 30 },
        { marketplace: 'aliexpress', status: 'ok', count: 20, total: 30 },
      ]),
    );
  });

  it('sanitises the query (§5) and cuts one over 200 characters instead of refusing it', async () => {
    const res = await search({ q: `  <b>"desk"</b>   lamp ${'x'.repeat(300)}` }).expect(200);
    expect(res.body.query).toHaveLength(200);
    expect(res.body.query.startsWith('bdesk/b lamp x')).toBe(true);
    expect(ebay.calls[0]?.arg).toMatchObject({ q: res.body.query });
  });

  it.each([
    ['price_asc', (a: number, b: number) => a <= b],
    ['price_desc', (a: number, b: number) => a >= b],
  ])('sorts the merged list by %s', async (sort, ordered) => {
    const res = await search({ q: 'lamp', sort, pageSize: '60' }).expect(200);
    const prices: number[] = res.body.products.map((p: { price: number }) => p.price);
    expect(prices.every((p, i) => i === 0 || ordered(prices[i - 1]!, p))).toBe(true);
  });

  it('sorts by rating, best first', async () => {
    const res = await search({ q: 'lamp', sort: 'rating' }).expect(200);
    const ratings: number[] = res.body.products.map((p: { rating: number }) => p.rating);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
  });

  it('filters by marketplace and price range, passing the filters to the driver', async () => {
    const res = await search({ q: 'lamp', marketplace: 'aliexpress', minPrice: '10', maxPrice: '20' }).expect(
      200,
    );
    expect(
      res.body.products.every(
        (p: { marketplace: string; price: number }) =>
          p.marketplace === 'aliexpress' && p.price >= 10 && p.price <= 20,
      ),
    ).toBe(true);
    expect(ebay.calls).toHaveLength(0);
    expect(ali.calls[0]?.arg).toMatchObject({ minPrice: 10, maxPrice: 20 });
    expect(res.body.marketplaces).toContainEqual({ marketplace: 'ebay', status: 'skipped', count: 0 });
  });

  it('passes condition and category to the drivers as their own ids', async () => {
    await search({ q: 'lamp', condition: 'refurbished', category: 'home' }).expect(200);
    expect(ebay.calls[0]?.arg).toMatchObject({ condition: 'refurbished', categoryIds: ['11700'] });
    expect(ali.calls[0]?.arg).toMatchObject({ categoryIds: ['15'] });
  });

  it('asks each marketplace only for what the requested page needs', async () => {
    await search({ q: 'lamp', page: '2', pageSize: '10' }).expect(200);
    expect(ebay.calls[0]?.arg).toMatchObject({ limit: 20, offset: 0 });
    await search({ q: 'lamp', sort: 'rating' }).expect(200);
    expect(ebay.calls[1]?.arg).toMatchObject({ limit: 100 });
  });

  it('pages through the merged results', async () => {
    const first = await search({ q: 'lamp', pageSize: '25' }).expect(200);
    const third = await search({ q: 'lamp', pageSize: '25', page: '3' }).expect(200);
    expect(first.body.products).toHaveLength(25);
    expect(third.body).toMatchObject({ page: 3, hasMore: false });
    expect(third.body.products).toHaveLength(10);
  });

  it('lists the samples without asking the marketplaces when there is nothing to search for', async () => {
    const res = await search({}).expect(200);
    expect(res.body.products).toHaveLength(9);
    expect(ebay.calls).toHaveLength(0);
    expect(res.body.marketplaces).toContainEqual({ marketplace: 'ebay', status: 'skipped', count: 2 });
  });

  it('includes the static samples that match the query', async () => {
    const res = await search({ q: 'nintendo switch' }).expect(200);
    expect(res.body.products.map((p: { id: string }) => p.id)).toEqual(['sample-ebay-2']);
    const walmart = await search({ q: 'blender', marketplace: 'walmart' }).expect(200);
    expect(walmart.body.products.map((p: { id: string }) => p.id)).toEqual(['sample-walmart-2']);
  });

  it('answers partial results and the failing marketplace status instead of a 500', async () => {
    ebay.fail('search', 'rate_limited');
    const res = await search({ q: 'lamp' }).expect(200);
    expect(res.body.partial).toBe(true);
    expect(res.body.products.every((p: { marketplace: string }) => p.marketplace === 'aliexpress')).toBe(
      true,
    );
    expect(res.body.marketplaces).toContainEqual({
      marketplace: 'ebay',
      status: 'failed',
      count: 0,
      error: { code: 'rate_limited', message: 'No valid response from eBay API', rateLimited: true },
    });
  });

  it('survives a driver that throws something unexpected', async () => {
    ali.fail('search', new TypeError('boom'));
    const res = await search({ q: 'lamp' }).expect(200);
    expect(res.body.marketplaces).toContainEqual(
      expect.objectContaining({
        marketplace: 'aliexpress',
        status: 'failed',
        error: expect.objectContaining({ code: 'internal' }),
      }),
    );
  });

  it.each([
    [{ region: 'xx' }, 'valid regions: au, br, ca, fr, de, it, jp, nl, kr, es, uk, us'],
    [{ marketplace: 'etsy' }, 'valid marketplaces: ebay, aliexpress, amazon, walmart'],
    [{ sort: 'cheapest' }, 'valid sorts'],
    [{ category: 'nope' }, 'valid categories'],
  ])('refuses %j with 400 listing the valid values', async (query, listing) => {
    const res = await search({ q: 'lamp', ...query }).expect(400);
    expect(JSON.stringify(res.body.error)).toContain(listing);
  });

  describe('static samples go through the same filters as marketplace results before being counted', () => {
    it.each([
      ['a price range', { minPrice: '10', maxPrice: '10' }],
      ['a condition', { condition: 'new' }],
      ['a category', { category: 'home' }],
      ['a marketplace', { marketplace: 'amazon' }],
    ])('a sample left out by %s is not in total', async (_what, filters) => {
      // 'phone' matches the iPhone sample (429.99 USD, refurbished, Electronics, eBay) and no fake product.
      const res = await search({ q: 'phone', ...filters }).expect(200);
      expect(res.body).toMatchObject({ products: [], total: 0, totalPages: 0, hasMore: false });
    });

    it('counts the samples that pass', async () => {
      const res = await search({ q: 'phone', minPrice: '400', maxPrice: '500' }).expect(200);
      expect(res.body.products.map((p: { id: string }) => p.id)).toEqual(['sample-ebay-1']);
      expect(res.body.total).toBe(1);
    });
  });

  describe('prices compare in the region currency', () => {
    beforeEach(() => {
      ebay.regionalPrices = true;
      ali.regionalPrices = true;
      ali.products = [5, 11, 20].map((amount, i) =>
        fakeProduct('aliexpress', `100500000007${i}0`, { title: `Wireless Earbuds ${i}`, ...price(amount) }),
      );
      ebay.products = [];
    });
    const prices = (body: { products: Array<{ id: string; price: number; currency: string }> }) =>
      body.products.map((p) => [p.id, p.price, p.currency]);

    it('converts the samples (USD) into the region currency with the §9 fallback rates', async () => {
      const res = await search({ q: 'earbuds', region: 'uk', sort: 'price_asc' }).expect(200);
      expect(prices(res.body)).toEqual([
        ['aliexpress_10050000000700', 3.95, 'GBP'],
        ['aliexpress_10050000000710', 8.69, 'GBP'],
        ['sample-aliexpress-1', 9.75, 'GBP'],
        ['aliexpress_10050000000720', 15.8, 'GBP'],
      ]);
      const keyboard = await search({ q: 'mechanical keyboard', region: 'uk' }).expect(200);
      expect(keyboard.body.products[0]).toMatchObject({
        id: 'sample-aliexpress-2',
        currency: 'GBP',
        price: 31.59,
        shipping: '£2.36 shipping, 7-15 days',
      });
    });

    it('reads the price range in the region currency, samples included', async () => {
      const inRange = await search({ q: 'earbuds', region: 'uk', minPrice: '9', maxPrice: '10' }).expect(200);
      expect(prices(inRange.body)).toEqual([['sample-aliexpress-1', 9.75, 'GBP']]);
      expect(inRange.body.total).toBe(1);
      // 12.34 is the sample's USD price, not a GBP one.
      const raw = await search({ q: 'earbuds', region: 'uk', minPrice: '12', maxPrice: '13' }).expect(200);
      expect(raw.body).toMatchObject({ products: [], total: 0 });
    });

    it('sorts and filters eBay in USD (br shares EBAY_US) next to AliExpress in BRL by their BRL value', async () => {
      ebay.products = [fakeProduct('ebay', '210000000001', { title: 'Wireless Earbuds eBay', ...price(15) })];
      const res = await search({ q: 'wireless earbuds', region: 'br', sort: 'price_asc' }).expect(200);
      expect(prices(res.body)).toEqual([
        ['aliexpress_10050000000700', 25.15, 'BRL'],
        ['aliexpress_10050000000710', 55.33, 'BRL'],
        ['sample-aliexpress-1', 62.07, 'BRL'],
        ['v1|210000000001|0', 15, 'USD'],
        ['aliexpress_10050000000720', 100.6, 'BRL'],
      ]);
      const ranged = await search({ q: 'wireless earbuds', region: 'br', minPrice: '70', maxPrice: '80' });
      expect(prices(ranged.body)).toEqual([['v1|210000000001|0', 15, 'USD']]);
      // eBay is asked for the range in its own currency.
      expect(ebay.calls.at(-1)?.arg).toMatchObject({ minPrice: 13.92, maxPrice: 15.9 });
      expect(ali.calls.at(-1)?.arg).toMatchObject({ minPrice: 70, maxPrice: 80 });
    });
  });

  describe('limit', () => {
    it('is read as pageSize, as on the list endpoints', async () => {
      const res = await search({ q: 'lamp', limit: '5' }).expect(200);
      expect(res.body).toMatchObject({ pageSize: 5, totalPages: 12 });
      expect(res.body.products).toHaveLength(5);
      const category = await sut.request.get('/api/v1/categories/home').query({ q: 'lamp', limit: '7' });
      expect(category.body.products).toHaveLength(7);
    });

    it('gives way to pageSize when both are given, and is checked like it', async () => {
      const both = await search({ q: 'lamp', limit: '5', pageSize: '8' }).expect(200);
      expect(both.body.pageSize).toBe(8);
      await search({ q: 'lamp', limit: '0' }).expect(400);
    });
  });

  it('caps the results by max_search_results from settings.changed', async () => {
    const envelope = createEventEnvelope(
      Topics.settingsChanged,
      { key: 'max_search_results', value: '25', isPublic: false },
      { id: randomUUID(), occurredAt: new Date().toISOString(), key: settingEventKey('max_search_results') },
    );
    await sut.runtime.bus.publish(Topics.settingsChanged, envelope);
    const deadline = Date.now() + 3000;
    let res = await search({ q: 'lamp' });
    while (res.body.maxResults !== 25 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      res = await search({ q: 'lamp' });
    }
    expect(res.body).toMatchObject({ maxResults: 25, total: 25, pageSize: 20 });
    const big = await search({ q: 'lamp', pageSize: '50' }).expect(200);
    expect(big.body.pageSize).toBe(25);
    expect(ebay.calls.at(-1)?.arg).toMatchObject({ limit: 25 });
  });
});
