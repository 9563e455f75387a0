import { randomUUID } from 'node:crypto';
import { Topics, type EventEnvelope, type PriceChangedPayload } from '@pt/contracts';
import { listingKeyOf } from '@pt/domain';
import { createTestPostgres, eventually, postgresAvailability, type TestPostgres } from '@pt/testing';
import { HOST_START_TIMEOUT_MS, startCatalogHost, type CatalogHost } from '../support/catalog-host';
import { FakeDriver, fakeDrivers, fakeProduct } from '../support/fake-driver';

const describeIfPostgres = postgresAvailability().available ? describe : describe.skip;

const changed = (
  itemId: string,
  payload: Pick<PriceChangedPayload, 'newPrice' | 'currency' | 'observedAt'>,
): EventEnvelope<PriceChangedPayload> => ({
  id: randomUUID(),
  type: Topics.priceChanged,
  version: 1,
  occurredAt: payload.observedAt,
  key: listingKeyOf('ebay', itemId),
  payload: {
    productId: itemId,
    marketplace: 'ebay',
    oldPrice: 30,
    dropped: true,
    source: 'poll',
    ...payload,
  },
});

/**
 * ARCHITECTURE §6 freshness, the row rules: pricing names a listing by its listing id
 * ("285…"), products_cache keeps the driver's id ("v1|285…|0"); a recorded price replaces the
 * row's price when the row is in the event's currency, is idempotent under redelivery, never lets
 * an older observation undo a newer one, and makes a row priced in another currency stale (the
 * next read goes live) instead of converting it into a price the marketplace did not quote.
 */
describeIfPostgres('recorded prices in products_cache rows', () => {
  let pg: TestPostgres;
  let host: CatalogHost;
  /** UPDATE statements the recorded-price consumers sent (applied or not). */
  let rowUpdates = 0;
  const ebay = new FakeDriver('ebay', [
    fakeProduct('ebay', '285112239901', { price: { amount: 30, currency: 'USD', formattedPrice: '$30.00' } }),
    fakeProduct('ebay', '285112239902', { price: { amount: 30, currency: 'USD', formattedPrice: '$30.00' } }),
  ]);
  ebay.regionalPrices = true;

  beforeAll(async () => {
    pg = await createTestPostgres();
    host = await startCatalogHost({ db: pg.db, drivers: fakeDrivers(ebay) });
    const db = host.runtime.db;
    const query = db.query.bind(db);
    db.query = ((text: string, params?: unknown[]) => {
      if (/^\s*UPDATE catalog\.products_cache SET/.test(text)) rowUpdates++;
      return query(text, params);
    }) as typeof db.query;
  }, HOST_START_TIMEOUT_MS);
  afterAll(async () => {
    await host?.close();
    await pg?.drop();
  });

  const view = async (id: string, region = 'us') =>
    (
      await host.request
        .get(`/api/v1/products/${encodeURIComponent(id)}`)
        .query({ region })
        .expect(200)
    ).body as { source: string; fetchedAt: string; product: { price: number; currency: string } };
  const row = async (id: string) =>
    (
      await pg.db.query<{ price: string; currency: string; fetched_at: Date }>(
        `SELECT price, currency, fetched_at FROM catalog.products_cache WHERE id = $1`,
        [id],
      )
    ).rows[0];
  const at = (iso: string, plusMs: number) => new Date(Date.parse(iso) + plusMs).toISOString();

  it('takes the new price; a redelivery and an older observation change nothing', async () => {
    const first = await view('v1|285112239901|0');
    expect(first).toMatchObject({ source: 'live', product: { price: 30, currency: 'USD' } });
    expect((await view('v1|285112239901|0')).source).toBe('cache');

    const newer = changed('285112239901', {
      newPrice: 20,
      currency: 'USD',
      observedAt: at(first.fetchedAt, 60_000),
    });
    await host.runtime.bus.publish(Topics.priceChanged, newer);
    await eventually(async () => (await view('v1|285112239901|0')).product.price === 20, {
      what: 'the recorded price in the product answer',
    });
    expect(await view('v1|285112239901|0')).toMatchObject({
      source: 'cache',
      fetchedAt: newer.payload.observedAt,
    });

    // Redelivered, and an observation from before the one recorded: both handled, neither applies.
    const handled = rowUpdates;
    await host.runtime.bus.publish(Topics.priceChanged, [
      newer,
      changed('285112239901', { newPrice: 25, currency: 'USD', observedAt: at(first.fetchedAt, 30_000) }),
    ]);
    // Each event is offered to the table by the shared group and by this process's group.
    await eventually(() => rowUpdates >= handled + 4, { what: 'both events handled by both groups' });
    const kept = await row('v1|285112239901|0');
    expect({ price: Number(kept?.price), fetchedAt: kept?.fetched_at.toISOString() }).toEqual({
      price: 20,
      fetchedAt: newer.payload.observedAt,
    });
    expect((await view('v1|285112239901|0')).product.price).toBe(20);
  });

  it('makes a row priced in another currency stale, so the next read asks the marketplace', async () => {
    // A German shopper's view: the eBay site prices it in EUR.
    const first = await view('v1|285112239902|0', 'de');
    expect(first).toMatchObject({ source: 'live', product: { currency: 'EUR' } });
    expect((await view('v1|285112239902|0', 'de')).source).toBe('cache');
    const eur = first.product.price;

    const calls = ebay.calls.length;
    await host.runtime.bus.publish(
      Topics.priceChanged,
      changed('285112239902', { newPrice: 20, currency: 'USD', observedAt: at(first.fetchedAt, 60_000) }),
    );
    await eventually(
      async () => (await row('v1|285112239902|0'))!.fetched_at.getTime() < Date.parse(first.fetchedAt),
      {
        what: 'the EUR row made stale',
      },
    );
    // Not converted: the row keeps the marketplace's own EUR price until a live read replaces it.
    expect(await row('v1|285112239902|0')).toMatchObject({ currency: 'EUR' });
    expect(Number((await row('v1|285112239902|0'))?.price)).toBe(eur);
    // The shopper comes back after the observation (the host's clock stands still otherwise).
    host.clock.advance(60_000);
    ebay.products[1] = fakeProduct('ebay', '285112239902', {
      price: { amount: 20, currency: 'USD', formattedPrice: '$20.00' },
    });
    const next = await view('v1|285112239902|0', 'de');
    expect(next).toMatchObject({ source: 'live', product: { currency: 'EUR' } });
    expect(next.product.price).toBeLessThan(eur);
    expect(ebay.calls.length).toBe(calls + 1);
  });
});
