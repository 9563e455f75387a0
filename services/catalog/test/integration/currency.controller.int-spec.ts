import { CONVERSION_ERRORS, FALLBACK_RATES_PER_USD } from '@pt/domain';
import { CurrencyController } from '../../src/controllers/currency.controller';
import { fakeDrivers } from '../support/fake-driver';
import { FakeProviders } from '../support/fake-providers';
import { HOST_START_TIMEOUT_MS, startCatalogHost, type CatalogHost } from '../support/catalog-host';

const MINUTE = 60 * 1000;

describe(CurrencyController.name, () => {
  let providers: FakeProviders;
  let sut: CatalogHost;

  beforeAll(async () => {
    providers = await FakeProviders.start();
    sut = await startCatalogHost({
      drivers: fakeDrivers(),
      env: { CURRENCY_API_URL: `${providers.url}/rates`, CURRENCY_API_TIMEOUT_MS: '300' },
    });
  }, HOST_START_TIMEOUT_MS);
  afterAll(async () => {
    await sut.close();
    await providers.close();
  });
  beforeEach(() => {
    providers.ratesMode = 'ok';
    sut.clock.advance(31 * MINUTE); // every test starts with an expired rates cache
  });

  const convert = (body: unknown) => sut.request.post('/api/v1/currency/convert').send(body as object);

  it('converts with live rates, then answers from the 30-minute cache without asking again', async () => {
    const before = providers.count('/rates');
    const first = await convert({ amount: 100, fromCurrency: 'USD', toCurrency: 'EUR' }).expect(200);
    expect(first.body).toEqual({
      convertedAmount: 90,
      exchangeRate: 0.9,
      fromCurrency: 'USD',
      toCurrency: 'EUR',
      isConverted: true,
      lastUpdated: sut.clock.now().toISOString(),
      source: 'live',
    });
    sut.clock.advance(29 * MINUTE);
    const second = await convert({ amount: 10, fromCurrency: 'EUR', toCurrency: 'GBP' }).expect(200);
    expect(second.body).toMatchObject({
      convertedAmount: 8.89,
      source: 'cache',
      lastUpdated: first.body.lastUpdated,
    });
    expect(providers.count('/rates') - before).toBe(1);
    expect(providers.requests.at(-1)).toBe('/rates/latest?base=USD');
  });

  it.each([['error'], ['malformed'], ['slow']] as const)(
    'falls back to the §9 rates when the provider is %s',
    async (mode) => {
      providers.ratesMode = mode;
      const res = await convert({ amount: 100, fromCurrency: 'USD', toCurrency: 'GBP' }).expect(200);
      expect(res.body).toMatchObject({
        convertedAmount: 79,
        exchangeRate: FALLBACK_RATES_PER_USD.GBP,
        isConverted: true,
        source: 'fallback',
      });
    },
  );

  it('falls back for a currency the provider does not list', async () => {
    const res = await convert({ amount: 10, fromCurrency: 'USD', toCurrency: 'MXN' }).expect(200);
    expect(res.body).toMatchObject({ convertedAmount: 178.5, source: 'fallback' });
  });

  it('says nothing was converted for the same currency', async () => {
    const res = await convert({ amount: 12.5, fromCurrency: 'usd', toCurrency: 'USD' }).expect(200);
    expect(res.body).toMatchObject({ convertedAmount: 12.5, exchangeRate: 1, isConverted: false });
  });

  it.each([
    [{ amount: 0, fromCurrency: 'USD', toCurrency: 'EUR' }, CONVERSION_ERRORS.invalidAmount],
    [{ amount: -5, fromCurrency: 'USD', toCurrency: 'EUR' }, CONVERSION_ERRORS.invalidAmount],
    [{ amount: 'ten', fromCurrency: 'USD', toCurrency: 'EUR' }, CONVERSION_ERRORS.invalidAmount],
    [{ amount: 5, fromCurrency: '', toCurrency: 'EUR' }, CONVERSION_ERRORS.invalidCurrencies],
    [{ amount: 5, fromCurrency: 'USD' }, CONVERSION_ERRORS.invalidCurrencies],
    [{ amount: 5, fromCurrency: 'USD', toCurrency: 'XYZ' }, CONVERSION_ERRORS.invalidCurrencies],
    // An amount whose conversion is not a finite number once answered 200 with convertedAmount 0.
    [{ amount: 1e308, fromCurrency: 'USD', toCurrency: 'KRW' }, CONVERSION_ERRORS.invalidAmount],
    [{ amount: 2e12, fromCurrency: 'EUR', toCurrency: 'USD' }, CONVERSION_ERRORS.invalidAmount],
  ])('refuses %j with 400 and the §5 message', async (body, message) => {
    const res = await convert(body).expect(400);
    expect(res.body.error.message).toBe(message);
  });

  it('refuses an amount over the cap with the invalid_amount code, also when the provider is down', async () => {
    providers.ratesMode = 'error';
    const res = await convert({ amount: 1e308, fromCurrency: 'USD', toCurrency: 'KRW' }).expect(400);
    expect(res.body.error).toMatchObject({
      code: 'invalid_amount',
      message: CONVERSION_ERRORS.invalidAmount,
    });
  });
});
