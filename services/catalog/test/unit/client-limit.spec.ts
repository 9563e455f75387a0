import { clientAddressHeaders, identityHeaders, internalCallHeaders, signService } from '@pt/platform';
import { catalogConfigSchema, clientLimits } from '../../src/config';
import { clientKey } from '../../src/controllers/client-limit.guard';

const req = (headers: Record<string, string>, remoteAddress = '127.0.0.1') =>
  ({ headers, socket: { remoteAddress } }) as never;

describe('per-client limit', () => {
  it.each([
    // env → burst, per minute
    [{}, 60, 60],
    [{ EBAY_CLIENT_ID: 'id', EBAY_CLIENT_SECRET: 's' }, 60, 60],
    // 300/day: 210 interactive, a burst of 53; a client may take half of it.
    [{ EBAY_CLIENT_ID: 'id', EBAY_CLIENT_SECRET: 's', EBAY_CALLS_PER_DAY: '300' }, 26, 26],
    [
      {
        EBAY_CLIENT_ID: 'id',
        EBAY_CLIENT_SECRET: 's',
        EBAY_CALLS_PER_DAY: '300',
        CATALOG_CLIENT_BURST: '100',
      },
      100,
      60,
    ],
    [{ CATALOG_CLIENT_BURST: '10', CATALOG_CLIENT_PER_MINUTE: '5' }, 10, 5],
  ])('with %j allows a burst of %s and %s a minute', (env, burst, perMinute) => {
    expect(clientLimits(catalogConfigSchema.parse(env))).toEqual({ burst, perMinute });
  });

  it('counts a verified user as one client wherever they connect from', () => {
    const user = identityHeaders({ id: 'u1', role: 'user' });
    expect(clientKey(req({ ...user, ...clientAddressHeaders('203.0.113.1') }))).toBe('user:u1');
    expect(clientKey(req({ ...user, ...clientAddressHeaders('203.0.113.2') }))).toBe('user:u1');
  });

  it('does not take a bare x-user-id header for a user (only the gateway-signed identity)', () => {
    expect(clientKey(req({ 'x-user-id': 'u1', ...clientAddressHeaders('203.0.113.1') }))).toBe(
      'ip:203.0.113.1',
    );
  });

  it('counts an anonymous client by the address the gateway forwarded, an IPv6 one by its /64', () => {
    expect(clientKey(req(clientAddressHeaders('203.0.113.1')))).toBe('ip:203.0.113.1');
    expect(clientKey(req(clientAddressHeaders('2001:db8:1:2::5')))).toBe('ip6:2001:db8:1:2::/64');
    expect(clientKey(req(clientAddressHeaders('2001:db8:1:2:ffff::9')))).toBe('ip6:2001:db8:1:2::/64');
  });

  // The notifier's lookups were one client (its address) for every user.
  it('counts a service call for a user against that user, and one for no user as the service', () => {
    const forUser = internalCallHeaders('alert-notifier', { id: 'u1', role: 'user' });
    expect(clientKey(req(forUser, '10.0.0.8'))).toBe('user:u1');
    expect(clientKey(req(internalCallHeaders('alert-notifier'), '10.0.0.8'))).toBe('service:alert-notifier');
  });

  it('does not take an unsigned or expired service name for a service', () => {
    const stale = signService('alert-notifier', Date.now() - 10 * 60_000);
    expect(clientKey(req({ 'x-service-assertion': stale }, '10.0.0.8'))).toBe('ip:10.0.0.8');
    expect(clientKey(req({ 'x-service-assertion': 'v1.alert-notifier.99999999999.AAAA' }, '10.0.0.8'))).toBe(
      'ip:10.0.0.8',
    );
  });

  // The peer decides unless the gateway proved the address, private peer or not.
  it.each(['203.0.113.9', '10.0.0.4', '127.0.0.1'])(
    'a caller at %s that reaches the service directly cannot pick its address',
    (peer) => {
      expect(clientKey(req({ 'x-forwarded-for': '198.51.100.7' }, peer))).toBe(`ip:${peer}`);
    },
  );
});
