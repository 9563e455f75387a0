import path from 'node:path';
import type { CatalogProduct } from '@pt/contracts/catalog-api';
import { PGliteDatabase, runMigrations, type Database } from '@pt/platform';
import {
  ALWAYS,
  createTestPostgres,
  describeAdapter,
  postgresAvailability,
  type TestPostgres,
} from '@pt/testing';
import { ProductsCacheRepository } from '../../src/repositories/products-cache.repository';
import { SettingsProjectionRepository } from '../../src/repositories/settings-projection.repository';

const MIGRATIONS = path.join(__dirname, '..', '..', 'migrations');

function product(id: string, overrides: Partial<CatalogProduct> = {}): CatalogProduct {
  return {
    id,
    title: `Product ${id}`,
    description: 'A product',
    price: 20,
    currency: 'USD',
    originalPrice: 25,
    shipping: 'Free shipping',
    shippingCost: 0,
    image: 'https://img.example.com/p.jpg',
    images: ['https://img.example.com/p.jpg', 'https://img.example.com/q.jpg'],
    rating: 4.6,
    reviews: 12,
    source: 'AliExpress',
    url: 'https://aliexpress.example.com/item/1',
    features: ['Fast', 'Light'],
    specifications: { Colour: 'Black', Weight: '200 g' },
    availability: 'in_stock',
    seller: 'Shop',
    condition: 'New',
    category: 'Electronics',
    marketplace: 'aliexpress',
    marketplaceName: 'AliExpress',
    location: 'CN',
    timestamp: '2026-01-15T12:00:00.000Z',
    inStock: true,
    ...overrides,
  };
}

const at = (iso: string) => new Date(iso);

function repositoryContract(open: () => Promise<{ db: Database; close(): Promise<void> }>) {
  let handle: { db: Database; close(): Promise<void> };
  let sut: ProductsCacheRepository;

  beforeAll(async () => {
    handle = await open();
    await runMigrations(handle.db, { schema: 'catalog', dir: MIGRATIONS });
    sut = new ProductsCacheRepository(handle.db);
  }, 60_000);
  afterAll(() => handle.close());

  it('stores the §3 record with jsonb specifications, features and images, and provenance', async () => {
    const p = product('aliexpress_1');
    await sut.upsert(handle.db, p, { source: 'item', fetchedAt: at('2026-01-15T12:00:00Z') });
    const cached = await sut.findFirst(['aliexpress_1']);
    expect(cached).toMatchObject({
      source: 'item',
      fetchedAt: at('2026-01-15T12:00:00Z'),
      firstSeenAt: at('2026-01-15T12:00:00Z'),
      highestPrice: 20,
    });
    expect(cached?.product).toEqual(p);
  });

  it("keeps the listing's product identifiers, also when a search answer without them refreshes it", async () => {
    const identifiers = { gtin: '012345678905', mpn: 'K123-BK', brand: 'Sonix', epid: '2254123' };
    const item = product('v1|280000000001|0', { marketplace: 'ebay', identifiers });
    await sut.upsert(handle.db, item, { source: 'item', fetchedAt: at('2026-01-15T12:00:00Z') });
    expect((await sut.findFirst([item.id]))?.product).toEqual(item);
    const { identifiers: _none, ...summary } = { ...item, price: 18 };
    await sut.upsert(handle.db, summary, { source: 'search', fetchedAt: at('2026-01-15T13:00:00Z') });
    expect((await sut.findFirst([item.id]))?.product).toMatchObject({ price: 18, identifiers });
    expect((await sut.findFirst(['aliexpress_1']))?.product.identifiers).toBeUndefined();
  });

  it('finds the first of several ids in the order given', async () => {
    await sut.upsert(handle.db, product('aliexpress_2'), {
      source: 'item',
      fetchedAt: at('2026-01-15T12:00:00Z'),
    });
    await sut.upsert(handle.db, product('2'), { source: 'search', fetchedAt: at('2026-01-15T12:00:00Z') });
    expect((await sut.findFirst(['nope', 'aliexpress_2', '2']))?.product.id).toBe('aliexpress_2');
    expect((await sut.findFirst(['2', 'aliexpress_2']))?.product.id).toBe('2');
    expect(await sut.findFirst(['nope'])).toBeUndefined();
    expect(await sut.findFirst([])).toBeUndefined();
  });

  it('refreshes a row, keeps first_seen_at and the highest price, and ignores an older fetch', async () => {
    await sut.upsert(handle.db, product('aliexpress_3', { price: 50 }), {
      source: 'item',
      fetchedAt: at('2026-01-15T12:00:00Z'),
    });
    await sut.upsert(handle.db, product('aliexpress_3', { price: 30, title: 'Renamed' }), {
      source: 'search',
      fetchedAt: at('2026-01-15T13:00:00Z'),
    });
    await sut.upsert(handle.db, product('aliexpress_3', { price: 99 }), {
      source: 'item',
      fetchedAt: at('2026-01-15T12:30:00Z'),
    });
    const cached = await sut.findFirst(['aliexpress_3']);
    expect(cached).toMatchObject({
      source: 'search',
      fetchedAt: at('2026-01-15T13:00:00Z'),
      firstSeenAt: at('2026-01-15T12:00:00Z'),
      highestPrice: 50,
    });
    expect(cached?.product).toMatchObject({ price: 30, title: 'Renamed' });
  });

  it('reads the rows of many ids at once, leaving out the ids it does not hold', async () => {
    for (const id of ['many-1', 'many-2'])
      await sut.upsert(handle.db, product(id, { price: 10 }), {
        source: 'item',
        fetchedAt: at('2026-01-16T12:00:00Z'),
      });
    const found = await sut.findMany(['many-1', 'many-2', 'many-missing']);
    expect([...found.keys()].sort()).toEqual(['many-1', 'many-2']);
    expect(found.get('many-2')?.product).toMatchObject({ id: 'many-2', price: 10 });
    expect((await sut.findMany([])).size).toBe(0);
  });

  it('lists the products seen first most recently, and counts products per category', async () => {
    await sut.upsert(handle.db, product('newest', { category: 'Toys & Games' }), {
      source: 'item',
      fetchedAt: at('2026-02-01T00:00:00Z'),
    });
    expect((await sut.newest(1))[0]?.product.id).toBe('newest');
    const counts = await sut.countByCategory();
    expect(counts.get('toys & games')).toBe(1);
    expect(counts.get('electronics')).toBeGreaterThan(1);
  });

  it('§8 keeps an unknown product with Unknown Product, the placeholder image, Standard shipping and source Unknown', async () => {
    const {
      image: _image,
      shipping: _shipping,
      source: _source,
      marketplaceName: _name,
      ...rest
    } = product('aliexpress_blank');
    await sut.upsert(
      handle.db,
      { ...rest, title: '  ' },
      { source: 'item', fetchedAt: at('2026-01-15T12:00:00Z') },
    );
    const { rows } = await handle.db.query<{ title: string; image_url: string; shipping: string }>(
      `SELECT title, image_url, shipping FROM catalog.products_cache WHERE id = 'aliexpress_blank'`,
    );
    expect(rows[0]).toEqual({
      title: 'Unknown Product',
      image_url: '/placeholder.svg',
      shipping: 'Standard shipping',
    });
    expect((await sut.findFirst(['aliexpress_blank']))?.product).toMatchObject({
      title: 'Unknown Product',
      image: '/placeholder.svg',
      shipping: 'Standard shipping',
      source: 'Unknown',
    });
  });

  it('§3/§9 reads a row without a rating with the default 4.2, and blank fields with the §8 defaults', async () => {
    await sut.upsert(handle.db, product('aliexpress_legacy'), {
      source: 'item',
      fetchedAt: at('2026-01-15T12:00:00Z'),
    });
    // A row as an older version or a hand edit may have left it.
    await handle.db.query(
      `UPDATE catalog.products_cache SET rating = NULL, title = '', image_url = NULL, shipping = NULL,
         marketplace_name = NULL WHERE id = 'aliexpress_legacy'`,
    );
    expect((await sut.findFirst(['aliexpress_legacy']))?.product).toMatchObject({
      rating: 4.2,
      title: 'Unknown Product',
      image: '/placeholder.svg',
      shipping: 'Standard shipping',
      source: 'Unknown',
    });
  });

  it('keeps only the newest value of a setting', async () => {
    const settings = new SettingsProjectionRepository(handle.db);
    await settings.save('max_search_results', 50, '2026-01-15T12:00:00Z');
    await settings.save('max_search_results', 10, '2026-01-15T11:00:00Z');
    expect(await settings.get('max_search_results')).toEqual({ value: 50 });
    await settings.save('max_search_results', '75', '2026-01-15T13:00:00Z');
    expect(await settings.get('max_search_results')).toEqual({ value: '75' });
  });
}

let pg: TestPostgres | undefined;
describeAdapter('catalog-repository', 'postgres', postgresAvailability(), () =>
  repositoryContract(async () => {
    pg = await createTestPostgres();
    return { db: pg.db, close: () => pg!.drop() };
  }),
);
describeAdapter('catalog-repository', 'pglite', ALWAYS, () =>
  repositoryContract(async () => {
    const db = await PGliteDatabase.open();
    return { db, close: () => db.close() };
  }),
);
