import { randomUUID } from 'node:crypto';
import { Topics, type EventEnvelope, type PriceChangedPayload } from '@pt/contracts';
import { listingKeyOf } from '@pt/domain';
import { eventually } from '@pt/testing';
import { startCatalogHost, HOST_START_TIMEOUT_MS, type CatalogHost } from '../support/catalog-host';
import { FakeDriver, fakeDrivers, fakeProduct } from '../support/fake-driver';

/**
 * A hot cached product is answered without a database round trip, and what the
 * catalog writes or pricing records as a new price is never hidden behind the in-memory copy.
 */
describe('hot products in front of products_cache', () => {
  let host: CatalogHost;
  let productsCacheReads = 0;
  const ebay = new FakeDriver('ebay', [
    fakeProduct('ebay', '285112234401', { price: { amount: 30, currency: 'USD', formattedPrice: '$30.00' } }),
    fakeProduct('ebay', '285112234402'),
  ]);

  beforeAll(async () => {
    host = await startCatalogHost({ drivers: fakeDrivers(ebay) });
    const db = host.runtime.db;
    const query = db.query.bind(db);
    db.query = ((text: string, params?: unknown[]) => {
      if (/from "catalog"\."products_cache" where id = ANY/.test(text)) productsCacheReads++;
      return query(text, params);
    }) as typeof db.query;
  }, HOST_START_TIMEOUT_MS);
  afterAll(() => host?.close());

  const view = (id: string) =>
    host.request
      .get(`/api/v1/products/${encodeURIComponent(id)}`)
      .expect(200)
      .then((r) => r.body as { source: string; product: { price: number }; fetchedAt: string });

  it('answers repeated views of a cached product from memory', async () => {
    expect((await view('v1|285112234401|0')).source).toBe('live');
    // The miss read the table: the counter matches the repository's statement.
    expect(productsCacheReads).toBeGreaterThan(0);
    const reads = productsCacheReads;
    for (let i = 0; i < 50; i++) expect((await view('v1|285112234401|0')).source).toBe('cache');
    expect(productsCacheReads - reads).toBeLessThanOrEqual(1);
  });

  it("drops its copy when the catalog writes the product's row", async () => {
    await view('v1|285112234402|0');
    await view('v1|285112234402|0');
    // Past the cache TTL: the next view fetches live and writes the row again.
    host.clock.advance(2 * 60 * 60 * 1000);
    ebay.products[1] = fakeProduct('ebay', '285112234402', {
      price: { amount: 21, currency: 'USD', formattedPrice: '$21.00' },
    });
    const live = await view('v1|285112234402|0');
    expect(live).toMatchObject({ source: 'live', product: { price: 21 } });
    expect(await view('v1|285112234402|0')).toMatchObject({
      source: 'cache',
      fetchedAt: live.fetchedAt,
      product: { price: 21 },
    });
  });

  it("drops its copy when pricing announces price.changed for the product's listing", async () => {
    await view('v1|285112234401|0'); // live again if an earlier test moved the clock past the TTL
    expect(await view('v1|285112234401|0')).toMatchObject({ source: 'cache', product: { price: 30 } });
    // Another catalog instance fetched a new price: its row is in the database, not in our memory.
    await host.runtime.db.query(
      `UPDATE catalog.products_cache SET price = 25, fetched_at = fetched_at + interval '1 minute' WHERE id = $1`,
      ['v1|285112234401|0'],
    );
    expect((await view('v1|285112234401|0')).product.price).toBe(30);
    const changed: EventEnvelope<PriceChangedPayload> = {
      id: randomUUID(),
      type: Topics.priceChanged,
      version: 1,
      occurredAt: host.clock.now().toISOString(),
      key: listingKeyOf('ebay', '285112234401'),
      payload: {
        productId: '285112234401',
        marketplace: 'ebay',
        oldPrice: 30,
        newPrice: 25,
        currency: 'USD',
        dropped: true,
        observedAt: host.clock.now().toISOString(),
        source: 'lookup',
      },
    };
    await host.runtime.bus.publish(Topics.priceChanged, changed);
    await eventually(async () => (await view('v1|285112234401|0')).product.price === 25);
  });
});
