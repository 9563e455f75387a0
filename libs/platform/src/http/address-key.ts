import { isIP } from 'node:net';

/**
 * What a per-address limit counts a client address under. An IPv6 client is its /64: one
 * subscriber is handed the whole prefix and could otherwise rotate through 2^64 addresses. An
 * IPv4-mapped IPv6 address (`::ffff:192.0.2.1`, as a dual-stack socket reports IPv4 peers) is the
 * IPv4 address it carries, so the same client is one key on either stack.
 */
export function addressKey(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) return `ip:${mapped[1]}`;
  if (isIP(address) !== 6) return `ip:${address}`;
  return `ip6:${expandIpv6(address).slice(0, 4).join(':')}::/64`;
}

/**
 * The network a client address belongs to, for budgets shared by neighbours: an IPv4 /24 or an
 * IPv6 /48 (a site's allocation). Addresses next to each other are usually one operator, so a
 * crowd of them counts as one group as well as one client each.
 */
export function addressGroupKey(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  const ip = mapped ? (mapped[1] as string) : address;
  const version = isIP(ip);
  if (version === 4) return `net:${ip.split('.').slice(0, 3).join('.')}.0/24`;
  if (version === 6) return `net6:${expandIpv6(ip).slice(0, 3).join(':')}::/48`;
  return `net:${ip}`;
}

/** The eight groups of an IPv6 address, `::` expanded, leading zeros dropped, lower case. */
function expandIpv6(ip: string): string[] {
  const zoneless = ip.split('%')[0] ?? ip;
  const [head = '', tail = ''] = zoneless.split('::');
  const compressed = zoneless.includes('::');
  const left = head ? head.split(':') : [];
  const right = compressed && tail ? tail.split(':') : [];
  const zeros = Array.from({ length: Math.max(0, 8 - left.length - right.length) }, () => '0');
  return [...left, ...(compressed ? zeros : []), ...right].map((g) =>
    g.toLowerCase().replace(/^0+(?=.)/, ''),
  );
}
