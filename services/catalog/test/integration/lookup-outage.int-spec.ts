import { PGliteDatabase, type Database } from '@pt/platform';
import { startCatalogHost, HOST_START_TIMEOUT_MS, type CatalogHost } from '../support/catalog-host';
import { FakeDriver, fakeDrivers, fakeProduct } from '../support/fake-driver';

/**
 * A price seen and never kept is a hole in the listing's history: a live lookup the database
 * cannot record (an outage) answers 503 with Retry-After, to be asked again, not 200.
 */
describe('a live lookup during a database outage', () => {
  let host: CatalogHost;
  let pglite: PGliteDatabase;
  let down = false;
  const ebay = new FakeDriver('ebay', [fakeProduct('ebay', '285770000001', { title: 'Outage kettle' })]);

  beforeAll(async () => {
    pglite = await PGliteDatabase.open();
    // The catalog's own database, whose transactions fail as Postgres's do while it restarts.
    const db = new Proxy(pglite, {
      get(target, property, receiver) {
        if (property === 'transaction' && down)
          return () =>
            Promise.reject(
              Object.assign(new Error('terminating connection due to administrator command'), {
                code: '57P01',
              }),
            );
        const value = Reflect.get(target, property, receiver) as unknown;
        return typeof value === 'function' ? value.bind(target) : value;
      },
    }) as Database;
    host = await startCatalogHost({ db, drivers: fakeDrivers(ebay) });
  }, HOST_START_TIMEOUT_MS);
  afterAll(async () => {
    await host?.close();
    await pglite?.close();
  });

  it('answers 503 with Retry-After rather than a price it could not record, and 200 once it can', async () => {
    down = true;
    const refused = await host.request.get('/api/v1/products/v1%7C285770000001%7C0');
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toEqual(expect.any(String));
    expect(refused.body.error.code).toBe('service_unavailable');
    down = false;
    const answered = await host.request.get('/api/v1/products/v1%7C285770000001%7C0').expect(200);
    expect(answered.body.product.title).toBe('Outage kettle');
  });
});
