import { EbayApiError } from '@pt/marketplaces';
import { failedStatus, fanOut, interleave, uniqueById } from '../../src/services/fan-out';
import { FakeDriver, fakeDrivers } from '../support/fake-driver';

describe('fan-out', () => {
  it('interleaves rankings round-robin', () => {
    expect(interleave<number | string>([[1, 2, 3], ['a'], [], ['x', 'y']])).toEqual([1, 'a', 'x', 2, 'y', 3]);
  });

  it('keeps the first product of each id', () => {
    expect(
      uniqueById([
        { id: 'a', n: 1 },
        { id: 'b', n: 2 },
        { id: 'a', n: 3 },
      ]),
    ).toEqual([
      { id: 'a', n: 1 },
      { id: 'b', n: 2 },
    ]);
  });

  it('reports the §8 message, code and rate-limit flag of a marketplace error', () => {
    expect(failedStatus('ebay', new EbayApiError({ code: 'rate_limited', retryAfterMs: 1500.4 }))).toEqual({
      marketplace: 'ebay',
      status: 'failed',
      count: 0,
      error: {
        code: 'rate_limited',
        message: 'No valid response from eBay API',
        rateLimited: true,
        retryAfterMs: 1500,
      },
    });
  });

  it('skips a marketplace without a driver and fails one that misses the deadline', async () => {
    const slow = new FakeDriver('ebay').slow(200);
    const onError = jest.fn();
    const results = await fanOut(fakeDrivers(slow), ['ebay', 'aliexpress'], (d) => d.hot(), onError, 50);
    expect(results.map((r) => [r.marketplace, r.status.status, r.status.error?.code])).toEqual([
      ['ebay', 'failed', 'timeout'],
      ['aliexpress', 'skipped', 'not_configured'],
    ]);
    expect(onError).toHaveBeenCalledTimes(1);
  });
});
