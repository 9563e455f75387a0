import { clientIp, isPublicIp } from '../../src/services/client-ip';

describe(clientIp.name, () => {
  it.each([
    ['a public peer is the caller, whatever it claims', '8.8.8.8', '1.1.1.1', '8.8.8.8'],
    ['an IPv4-mapped public peer', '::ffff:8.8.8.8', undefined, '8.8.8.8'],
    ['a private peer (the gateway) names the caller last', '10.0.0.5', '1.1.1.1, 9.9.9.9', '9.9.9.9'],
    ['a loopback peer (embedded host)', '::1', '81.2.69.160', '81.2.69.160'],
    ['a loopback peer without a header', '127.0.0.1', undefined, '127.0.0.1'],
    ['a header that is not an address is ignored', '127.0.0.1', 'evil', '127.0.0.1'],
  ])('%s', (_what, peer, header, expected) => {
    expect(clientIp(peer, header)).toBe(expected);
  });

  it.each([
    ['8.8.8.8', true],
    ['2001:4860:4860::8888', true],
    ['127.0.0.1', false],
    ['10.1.2.3', false],
    ['172.20.0.1', false],
    ['192.168.1.1', false],
    ['::1', false],
    ['fd00::1', false],
    ['not-an-ip', false],
    [undefined, false],
  ])('isPublicIp(%s) is %s', (ip, expected) => {
    expect(isPublicIp(ip)).toBe(expected);
  });
});
