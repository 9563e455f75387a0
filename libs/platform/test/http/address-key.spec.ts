import { addressGroupKey, addressKey } from '../../src/http/address-key';

describe('addressKey: what a per-address limit counts an address under', () => {
  it('an IPv4 address is itself', () => {
    expect(addressKey('203.0.113.7')).toBe('ip:203.0.113.7');
  });

  it('every address of one IPv6 /64 is one key, written out or compressed', () => {
    const keys = [
      '2001:db8:1:2::5',
      '2001:0db8:0001:0002:ffff:0:0:9',
      '2001:DB8:1:2:a:b:c:d',
      '2001:db8:1:2::',
    ].map(addressKey);
    expect(new Set(keys)).toEqual(new Set(['ip6:2001:db8:1:2::/64']));
  });

  it('another /64 is another key', () => {
    expect(addressKey('2001:db8:1:3::5')).not.toBe(addressKey('2001:db8:1:2::5'));
    expect(addressKey('::1')).toBe('ip6:0:0:0:0::/64');
  });

  it('an IPv4-mapped IPv6 address is the IPv4 client it carries; a zone index is ignored', () => {
    expect(addressKey('::ffff:203.0.113.7')).toBe('ip:203.0.113.7');
    expect(addressKey('fe80::1%eth0')).toBe('ip6:fe80:0:0:0::/64');
  });

  it('anything else is kept as given (the caller names unknown clients)', () => {
    expect(addressKey('unknown')).toBe('ip:unknown');
  });
});

describe('addressGroupKey: the neighbourhood a shared budget also counts an address under', () => {
  it('an IPv4 address is its /24, on either stack', () => {
    const keys = ['203.0.113.7', '203.0.113.200', '::ffff:203.0.113.9'].map(addressGroupKey);
    expect(new Set(keys)).toEqual(new Set(['net:203.0.113.0/24']));
    expect(addressGroupKey('203.0.114.7')).not.toBe(addressGroupKey('203.0.113.7'));
  });

  it('an IPv6 address is its /48, so rotating /64s of one site stays one group', () => {
    expect(addressGroupKey('2001:db8:1:2::5')).toBe('net6:2001:db8:1::/48');
    expect(addressGroupKey('2001:db8:1:ffff::5')).toBe('net6:2001:db8:1::/48');
    expect(addressGroupKey('2001:db8:2::5')).not.toBe(addressGroupKey('2001:db8:1::5'));
  });

  it('anything else is kept as given', () => {
    expect(addressGroupKey('unknown')).toBe('net:unknown');
  });
});
