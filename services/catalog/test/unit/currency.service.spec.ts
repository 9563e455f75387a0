import { FALLBACK_RATES_PER_USD, MINUTE_MS } from '@pt/domain';
import { createLogger } from '@pt/platform';
import { CurrencyService } from '../../src/services/currency.service';
import { FakeClock } from '@pt/testing';

const silent = createLogger({ service: 'test', level: 'silent' });

function rates(body: unknown, status = 200) {
  return jest.fn(
    async () =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
}

describe(CurrencyService.name, () => {
  it('uses the fallback table without asking anyone when no provider is configured (offline embedded mode)', async () => {
    const fetch = rates({});
    const sut = new CurrencyService(
      { CURRENCY_API_URL: undefined, CURRENCY_API_TIMEOUT_MS: 1000 },
      fetch,
      new FakeClock(),
      silent,
    );
    const res = await sut.convert({ amount: 2, fromCurrency: 'EUR', toCurrency: 'JPY' });
    expect(res).toMatchObject({
      convertedAmount: 325,
      exchangeRate: FALLBACK_RATES_PER_USD.JPY / FALLBACK_RATES_PER_USD.EUR,
      source: 'fallback',
      isConverted: true,
    });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('rebases a provider that ignores base=USD through its USD rate', async () => {
    const fetch = rates({ amount: 1, base: 'EUR', date: '2026-01-15', rates: { USD: 1.25, GBP: 0.875 } });
    const sut = new CurrencyService(
      { CURRENCY_API_URL: 'http://rates.test', CURRENCY_API_TIMEOUT_MS: 1000 },
      fetch,
      new FakeClock(),
      silent,
    );
    expect(await sut.convert({ amount: 100, fromCurrency: 'USD', toCurrency: 'EUR' })).toMatchObject({
      convertedAmount: 80,
      source: 'live',
    });
    expect(await sut.convert({ amount: 100, fromCurrency: 'USD', toCurrency: 'GBP' })).toMatchObject({
      convertedAmount: 70,
      source: 'cache',
    });
  });

  it('shares one fetch between concurrent callers and leaves a failing provider alone for a minute', async () => {
    const clock = new FakeClock();
    const fetch = rates({ message: 'down' }, 500);
    const sut = new CurrencyService(
      { CURRENCY_API_URL: 'http://rates.test', CURRENCY_API_TIMEOUT_MS: 1000 },
      fetch,
      clock,
      silent,
    );
    const answers = await Promise.all(
      [1, 2, 3].map((amount) => sut.convert({ amount, fromCurrency: 'USD', toCurrency: 'EUR' })),
    );
    expect(answers.every((a) => a.source === 'fallback')).toBe(true);
    expect(fetch).toHaveBeenCalledTimes(1);
    await sut.convert({ amount: 1, fromCurrency: 'USD', toCurrency: 'EUR' });
    expect(fetch).toHaveBeenCalledTimes(1);
    clock.advance(MINUTE_MS);
    await sut.convert({ amount: 1, fromCurrency: 'USD', toCurrency: 'EUR' });
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
