import { BrowseController } from '../../src/controllers/browse.controller';
import { FakeDriver, fakeDrivers, fakeProduct } from '../support/fake-driver';
import { HOST_START_TIMEOUT_MS, startCatalogHost, type CatalogHost } from '../support/catalog-host';

const money = (amount: number) => ({ amount, currency: 'USD', formattedPrice: `$${amount}` });

describe(BrowseController.name, () => {
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
    ebay.products = [
      fakeProduct('ebay', '300000000001', { price: money(90), originalPrice: 100, discount: 10 }),
      fakeProduct('ebay', '300000000002', { price: money(50), originalPrice: 100, discount: 50 }),
      fakeProduct('ebay', '300000000003', { price: money(70) }),
    ];
    ali.products = [
      fakeProduct('aliexpress', '1005000000300001', { price: money(20), originalPrice: 80, discount: 75 }),
    ];
  });

  it('lists the marketplaces’ own discounts, biggest first, when pricing has no history to rank by', async () => {
    const res = await sut.request.get('/api/v1/deals').expect(200);
    const discounts = res.body.products.map((p: { id: string; discount: number }) => [p.id, p.discount]);
    expect(discounts).toEqual([
      ['aliexpress_1005000000300001', 75],
      ['v1|300000000002|0', 50],
      ['v1|300000000001|0', 10],
    ]);
    expect(ali.calls.find((c) => c.method === 'hot')?.arg).toMatchObject({ sort: 'discount_desc' });
  });

  it('lists trending products from both marketplaces, with partial results when one fails', async () => {
    ebay.fail('hot', 'timeout');
    const res = await sut.request.get('/api/v1/trending').query({ limit: '5' }).expect(200);
    expect(res.body.partial).toBe(true);
    expect(res.body.products.map((p: { id: string }) => p.id)).toEqual(['aliexpress_1005000000300001']);
  });

  it('lists new arrivals: the newest listings, then products the cache saw first lately', async () => {
    const res = await sut.request.get('/api/v1/new-arrivals').expect(200);
    expect(ebay.calls.find((c) => c.method === 'hot')?.arg).toMatchObject({ sort: 'newest' });
    expect(res.body.products.length).toBeGreaterThanOrEqual(4);
  });

  it('lists the categories with what the cache holds of each', async () => {
    const res = await sut.request.get('/api/v1/categories').expect(200);
    expect(res.body.categories.map((c: { slug: string }) => c.slug)).toEqual([
      'electronics',
      'home',
      'fashion',
      'toys',
      'sports',
      'beauty',
      'automotive',
      'garden',
    ]);
    expect(res.body.categories[1]).toMatchObject({
      slug: 'home',
      marketplaceCategoryIds: { ebay: '11700', aliexpress: '15' },
    });
  });

  it('answers a category page as a search in that category, samples included', async () => {
    const res = await sut.request.get('/api/v1/categories/electronics').expect(200);
    expect(res.body.category.slug).toBe('electronics');
    expect(ebay.calls[0]?.arg).toMatchObject({ categoryIds: ['293'] });
    expect(res.body.products.map((p: { id: string }) => p.id)).toEqual(
      expect.arrayContaining(['sample-ebay-1', 'sample-amazon-2']),
    );
  });

  it('answers 404 for an unknown category', async () => {
    const res = await sut.request.get('/api/v1/categories/unicorns').expect(404);
    expect(res.body.error).toMatchObject({
      code: 'category_not_found',
      details: { validValues: expect.arrayContaining(['electronics']) },
    });
  });

  it.each([
    ['ebay', 'uk', { live: true, site: 'EBAY_GB', regionMapped: true }],
    ['ebay', 'br', { live: true, site: 'EBAY_US', regionMapped: false }],
    ['amazon', 'de', { live: false, site: 'amazon.de' }],
    ['walmart', 'ca', { live: false, site: 'walmart.ca' }],
  ])('answers the %s page for region %s with its site (§9)', async (marketplace, region, info) => {
    const res = await sut.request.get(`/api/v1/marketplaces/${marketplace}`).query({ region }).expect(200);
    expect(res.body.marketplace).toMatchObject({ id: marketplace, region, ...info });
    expect(res.body.products.length).toBeGreaterThan(0);
  });

  it.each([
    ['/api/v1/marketplaces/etsy', 'valid marketplaces: ebay, aliexpress, amazon, walmart'],
    [
      '/api/v1/marketplaces/ebay?region=mars',
      'valid regions: au, br, ca, fr, de, it, jp, nl, kr, es, uk, us',
    ],
  ])('refuses %s with 400 listing the valid values', async (path, listing) => {
    const res = await sut.request.get(path).expect(400);
    expect(JSON.stringify(res.body.error)).toContain(listing);
  });
});
