import { clientAddressHeaders } from '@pt/platform';
import { GeoController } from '../../src/controllers/geo.controller';
import { fakeDrivers } from '../support/fake-driver';
import { FakeProviders } from '../support/fake-providers';
import { HOST_START_TIMEOUT_MS, startCatalogHost, type CatalogHost } from '../support/catalog-host';

describe(GeoController.name, () => {
  let providers: FakeProviders;
  let sut: CatalogHost;

  beforeAll(async () => {
    providers = await FakeProviders.start();
    providers.slowMs = 1000;
    sut = await startCatalogHost({
      drivers: fakeDrivers(),
      env: { GEO_API_URL: `${providers.url}/geo`, GEO_API_TIMEOUT_MS: '200' },
    });
  }, HOST_START_TIMEOUT_MS);
  afterAll(async () => {
    await sut.close();
    await providers.close();
  });
  beforeEach(() => {
    providers.geoMode = 'ok';
    sut.clock.advance(2 * 60 * 60 * 1000); // past the per-address cache
  });

  // supertest connects over loopback, so the caller's address comes from the gateway's proved X-Forwarded-For.
  const geo = (ip?: string) =>
    ip ? sut.request.get('/api/v1/geo').set(clientAddressHeaders(ip)) : sut.request.get('/api/v1/geo');

  it.each([
    ['8.8.8.8', { countryCode: 'US', region: 'us', supported: true }],
    ['81.2.69.160', { countryCode: 'GB', countryName: 'United Kingdom', region: 'uk', supported: true }],
    ['1.1.1.1', { countryCode: 'AU', region: 'au', supported: true }],
  ])('places %s in its region', async (ip, expected) => {
    const res = await geo(ip).expect(200);
    expect(res.body).toMatchObject({ ...expected, source: 'provider' });
    expect(providers.requests.at(-1)).toBe(`/geo/${ip}/json/`);
  });

  it('answers the default region us for an unsupported country', async () => {
    const res = await geo('41.0.0.1').expect(200);
    expect(res.body).toMatchObject({ countryCode: 'ZA', region: 'us', supported: false });
  });

  it('an X-Forwarded-For the gateway did not prove places nobody (the peer is the caller)', async () => {
    const res = await sut.request.get('/api/v1/geo').set('x-forwarded-for', '81.2.69.160').expect(200);
    expect(res.body).toMatchObject({ countryCode: 'DE', region: 'de' });
    expect(providers.requests.at(-1)).toBe('/geo/json/');
  });

  it('looks a private caller up as the server itself', async () => {
    const res = await geo().expect(200);
    expect(res.body).toMatchObject({ countryCode: 'DE', region: 'de' });
    expect(providers.requests.at(-1)).toBe('/geo/json/');
  });

  it.each([['error'], ['malformed'], ['slow']] as const)(
    'answers region us when the provider is %s',
    async (mode) => {
      providers.geoMode = mode;
      const started = Date.now();
      const res = await geo('8.8.8.8').expect(200);
      expect(res.body).toEqual({
        countryCode: null,
        countryName: null,
        region: 'us',
        supported: false,
        source: 'default',
      });
      expect(Date.now() - started).toBeLessThan(900);
    },
  );

  it('treats error:true (reserved address) as a failure', async () => {
    const res = await geo('9.9.9.9').expect(200);
    expect(res.body).toMatchObject({ region: 'us', source: 'default' });
  });

  it('asks the provider once per address within an hour', async () => {
    const before = providers.count('/geo/1.1.1.1');
    await geo('1.1.1.1').expect(200);
    await geo('1.1.1.1').expect(200);
    expect(providers.count('/geo/1.1.1.1') - before).toBe(1);
  });
});
