import { listingKeyOf } from '@pt/domain';
import { eventually } from '@pt/testing';
import { startCatalogHost, HOST_START_TIMEOUT_MS, type CatalogHost } from '../support/catalog-host';
import { FakeDriver, fakeDrivers, fakeProduct } from '../support/fake-driver';

/**
 * ARCHITECTURE §6 "only live data is an observation": a product page
 * answered from products_cache or from the samples writes nothing; a marketplace call announces
 * one price.observed however many shoppers it served, keyed by the listing key.
 */
describe('price.observed from product lookups', () => {
  let host: CatalogHost;
  const ebay = new FakeDriver('ebay', [
    fakeProduct('ebay', '285112233445'),
    fakeProduct('ebay', '285112233446'),
    fakeProduct('ebay', '285112233447', { id: 'v1|285112233447|456' }),
    fakeProduct('ebay', '285112233448', { availability: 'out_of_stock' }),
  ]);
  const aliexpress = new FakeDriver('aliexpress', [fakeProduct('aliexpress', '1005006123456789')]);

  beforeAll(async () => {
    host = await startCatalogHost({ drivers: fakeDrivers(ebay, aliexpress) });
  }, HOST_START_TIMEOUT_MS);
  afterAll(() => host?.close());
  afterEach(() => ebay.heal());

  /** Outbox rows ever written: the relay deletes what it published, the sequence only grows. */
  const outboxRowsWritten = async () => {
    const { rows } = await host.runtime.db.query<{ last_value: string; is_called: boolean }>(
      'SELECT last_value, is_called FROM catalog.outbox_id_seq',
    );
    return rows[0].is_called ? Number(rows[0].last_value) : 0;
  };
  const lookup = (id: string) => host.request.get(`/api/v1/products/${encodeURIComponent(id)}`);
  /**
   * The observations of one listing that reached the bus. Picked by product id, never by arrival
   * order: an earlier test's observation may still be on its way through the outbox relay.
   */
  const observationsOf = (productId: string) =>
    host.observed.filter((e) => e.payload.productId === productId);

  it('writes no outbox row for 100 views of a cached product, signed in or not', async () => {
    const first = await lookup('v1|285112233445|0').set('x-user-id', 'user-1').expect(200);
    expect(first.body.source).toBe('live');
    const before = await outboxRowsWritten();
    for (let i = 0; i < 100; i++) {
      const view = lookup(i % 3 === 0 ? 'v1%7C285112233445%7C0' : 'v1|285112233445|0');
      if (i % 2 === 0) void view.set('x-user-id', `user-${i % 7}`);
      expect((await view.expect(200)).body.source).toBe('cache');
    }
    expect(await outboxRowsWritten()).toBe(before);
  });

  it('writes no outbox row for a sample answer', async () => {
    const before = await outboxRowsWritten();
    for (let i = 0; i < 10; i++) {
      const res = await lookup('sample-walmart-1').set('x-user-id', 'user-1').expect(200);
      expect(res.body.source).toBe('sample');
    }
    expect(await outboxRowsWritten()).toBe(before);
  });

  it('announces one observation for concurrent lookups served by one marketplace call', async () => {
    ebay.slow(300);
    const calls = ebay.count('getItem');
    const before = await outboxRowsWritten();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        lookup('v1|285112233446|0')
          .set('x-user-id', `user-${i}`)
          .expect(200)
          .then((r) => r.body as { source: string }),
      ),
    );
    expect(answers.every((a) => a.source === 'live')).toBe(true);
    expect(ebay.count('getItem')).toBe(calls + 1);
    expect(await outboxRowsWritten()).toBe(before + 1);
    await eventually(() => observationsOf('v1|285112233446|0').length > 0);
    expect(observationsOf('v1|285112233446|0')).toHaveLength(1);
  });

  it('shows an out-of-stock listing but announces no observation of its price', async () => {
    const before = await outboxRowsWritten();
    const answer = await lookup('v1|285112233448|0').expect(200);
    expect(answer.body).toMatchObject({ source: 'live', product: { inStock: false } });
    expect(await outboxRowsWritten()).toBe(before);
  });

  it.each([
    ['v1%7C285112233447%7C456', 'ebay', 'v1|285112233447|456'],
    ['1005006123456789', 'aliexpress', 'aliexpress_1005006123456789'],
  ] as const)('keys the observation of %s by its listing key', async (id, marketplace, productId) => {
    expect((await lookup(id).expect(200)).body.source).toBe('live');
    await eventually(() => observationsOf(productId).length > 0);
    const [envelope, ...more] = observationsOf(productId);
    expect(more).toEqual([]);
    expect(envelope.payload).toMatchObject({ productId, marketplace, source: 'lookup' });
    // Landed prices: the listing's shipping, in the listing price's currency.
    expect(envelope.payload.shipping).toEqual(expect.any(Number));
    expect(envelope.key).toBe(listingKeyOf(marketplace, productId));
    expect(envelope.key).toBe(listingKeyOf(marketplace, id));
  });
});
