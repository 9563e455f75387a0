import { clientAddressHeaders } from '@pt/platform';
import { clientIp, isPublicIp } from '../../src/services/client-ip';

const req = (peer: string | undefined, headers: Record<string, string> = {}) => ({
  headers,
  socket: { remoteAddress: peer },
});

describe(clientIp.name, () => {
  it.each([
    [
      'a public peer is the caller, whatever it claims',
      '8.8.8.8',
      { 'x-forwarded-for': '1.1.1.1' },
      '8.8.8.8',
    ],
    ['an IPv4-mapped public peer', '::ffff:8.8.8.8', {}, '8.8.8.8'],
    ['the gateway names the caller with its proof', '10.0.0.5', clientAddressHeaders('9.9.9.9'), '9.9.9.9'],
    [
      'the embedded gateway (loopback peer) likewise',
      '::1',
      clientAddressHeaders('81.2.69.160'),
      '81.2.69.160',
    ],
    // A private or loopback peer is not trusted for its word alone.
    [
      'a private peer without the proof is the caller',
      '10.0.0.5',
      { 'x-forwarded-for': '1.1.1.1' },
      '10.0.0.5',
    ],
    ['a loopback peer without a header', '127.0.0.1', {}, '127.0.0.1'],
    ['no peer, no proof', undefined, {}, undefined],
  ])('%s', (_what, peer, headers, expected) => {
    expect(clientIp(req(peer, headers))).toBe(expected);
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
