import { clientAddress, clientAddressHeaders, clientAddressKey } from '../../src/http/client-address';

/** A request as a service sees it: headers, and the peer of its connection. */
const req = (headers: Record<string, string>, peer = '10.0.0.5') => ({
  headers,
  socket: { remoteAddress: peer },
});

describe(clientAddress.name, () => {
  it('takes the address the gateway proved', () => {
    expect(clientAddress(req(clientAddressHeaders('203.0.113.7')))).toBe('203.0.113.7');
    expect(clientAddressKey(req(clientAddressHeaders('2001:db8:1:2::5')))).toBe('ip6:2001:db8:1:2::/64');
  });

  // A client that reaches a service's port directly picks no address of its own.
  it.each([
    ['a bare X-Forwarded-For', { 'x-forwarded-for': '198.51.100.1' }],
    ['a list in X-Forwarded-For', { 'x-forwarded-for': '198.51.100.1, 203.0.113.7' }],
    [
      'a proof of another address',
      { ...clientAddressHeaders('203.0.113.7'), 'x-forwarded-for': '198.51.100.1' },
    ],
    ['an expired proof', clientAddressHeaders('198.51.100.1', Date.now() - 10 * 60_000)],
    [
      'a made-up proof',
      { 'x-forwarded-for': '198.51.100.1', 'x-client-address-proof': 'v1.99999999999.AAAA' },
    ],
  ])('ignores %s: the peer is the client', (_case, headers) => {
    expect(clientAddress(req(headers))).toBe('10.0.0.5');
  });

  it('a proof made with another INTERNAL_SECRET proves nothing', () => {
    const saved = process.env.INTERNAL_SECRET;
    process.env.INTERNAL_SECRET = 'another-secret-another-secret-another-secret';
    const foreign = clientAddressHeaders('198.51.100.1');
    if (saved === undefined) delete process.env.INTERNAL_SECRET;
    else process.env.INTERNAL_SECRET = saved;
    expect(clientAddress(req(foreign))).toBe('10.0.0.5');
  });

  it('says unknown when there is neither a proof nor a peer', () => {
    expect(clientAddress({ headers: {}, socket: {} })).toBe('unknown');
  });
});
