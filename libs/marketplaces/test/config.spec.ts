import { ZodError } from 'zod';
import { AliExpressDriver } from '../src/aliexpress/aliexpress-driver';
import { createMarketplaceDrivers, hasLiveCredentials, marketplaceEnvSchema } from '../src/config';
import { EbayDriver } from '../src/ebay/ebay-driver';

describe('marketplace configuration', () => {
  it('defaults the hosts, quotas and flags', () => {
    expect(marketplaceEnvSchema.parse({})).toEqual({
      EBAY_API_URL: 'https://api.ebay.com',
      EBAY_GET_ITEMS_GRANTED: false,
      EBAY_CALLS_PER_DAY: 5_000,
      ALIEXPRESS_API_URL: 'https://api-sg.aliexpress.com/sync',
      ALIEXPRESS_CALLS_PER_SECOND: 10,
      ALIEXPRESS_CALLS_PER_DAY: 100_000,
      MARKETPLACE_POLLER_SHARE: 0.3,
      MARKETPLACE_INTERACTIVE_BURST: 0.25,
      MARKETPLACE_TIMEOUT_MS: 8_000,
    });
  });

  it.each(['-0.1', '1.5', 'half'])('refuses MARKETPLACE_POLLER_SHARE=%j', (value) => {
    expect(marketplaceEnvSchema.safeParse({ MARKETPLACE_POLLER_SHARE: value }).success).toBe(false);
  });

  it.each([
    ['true', true],
    ['1', true],
    ['YES', true],
    ['false', false],
    ['', false],
  ])('reads EBAY_GET_ITEMS_GRANTED=%j as %s', (value, expected) => {
    expect(marketplaceEnvSchema.parse({ EBAY_GET_ITEMS_GRANTED: value }).EBAY_GET_ITEMS_GRANTED).toBe(
      expected,
    );
  });

  it('names the variables that are wrong', () => {
    const result = marketplaceEnvSchema.safeParse({
      EBAY_API_URL: 'ftp://x',
      EBAY_GET_ITEMS_GRANTED: 'maybe',
      MARKETPLACE_TIMEOUT_MS: '-1',
    });
    expect(result.success).toBe(false);
    const fields = (result.error as ZodError).issues.map((i) => i.path.join('.')).sort();
    expect(fields).toEqual(['EBAY_API_URL', 'EBAY_GET_ITEMS_GRANTED', 'MARKETPLACE_TIMEOUT_MS']);
  });

  it.each([
    [{ EBAY_CLIENT_ID: 'id' }, 'EBAY_CLIENT_SECRET'],
    [{ EBAY_CLIENT_SECRET: 's' }, 'EBAY_CLIENT_ID'],
    [{ ALIEXPRESS_APP_KEY: 'k' }, 'ALIEXPRESS_APP_SECRET'],
    [{ ALIEXPRESS_APP_SECRET: 's' }, 'ALIEXPRESS_APP_KEY'],
  ])('refuses half a credential pair %j (names %s)', (env, missing) => {
    const result = marketplaceEnvSchema.safeParse(env);
    expect(result.success).toBe(false);
    expect((result.error as ZodError).issues.map((i) => i.path.join('.'))).toEqual([missing]);
  });

  it('creates no driver without credentials and says why', () => {
    const drivers = createMarketplaceDrivers({});
    expect(drivers.list).toEqual([]);
    expect(drivers.get('ebay')).toBeUndefined();
    expect(drivers.unavailable).toEqual({
      ebay: 'EBAY_CLIENT_ID and EBAY_CLIENT_SECRET are not set',
      aliexpress: 'ALIEXPRESS_APP_KEY and ALIEXPRESS_APP_SECRET are not set',
    });
    expect(hasLiveCredentials({})).toEqual({ ebay: false, aliexpress: false });
  });

  it('creates both drivers from credentials', () => {
    const env = {
      EBAY_CLIENT_ID: 'id',
      EBAY_CLIENT_SECRET: 's',
      EBAY_GET_ITEMS_GRANTED: 'true',
      ALIEXPRESS_APP_KEY: 'k',
      ALIEXPRESS_APP_SECRET: 's',
    };
    const drivers = createMarketplaceDrivers(env);
    expect(drivers.ebay).toBeInstanceOf(EbayDriver);
    expect(drivers.ebay?.batching).toBe(true);
    expect(drivers.aliexpress).toBeInstanceOf(AliExpressDriver);
    expect(drivers.list.map((d) => d.marketplace)).toEqual(['ebay', 'aliexpress']);
    expect(drivers.get('aliexpress')).toBe(drivers.aliexpress);
    expect(hasLiveCredentials(env)).toEqual({ ebay: true, aliexpress: true });
  });

  it('throws on invalid configuration', () => {
    expect(() => createMarketplaceDrivers({ ALIEXPRESS_APP_KEY: 'k' })).toThrow(ZodError);
  });
});
