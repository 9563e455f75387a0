import { clientAddress } from '@pt/platform';
import { BlockList, isIP } from 'node:net';

/** Loopback, private and link-local ranges: addresses a geolocation provider cannot place. */
const PRIVATE = new BlockList();
PRIVATE.addSubnet('127.0.0.0', 8, 'ipv4');
PRIVATE.addSubnet('10.0.0.0', 8, 'ipv4');
PRIVATE.addSubnet('172.16.0.0', 12, 'ipv4');
PRIVATE.addSubnet('192.168.0.0', 16, 'ipv4');
PRIVATE.addSubnet('169.254.0.0', 16, 'ipv4');
PRIVATE.addSubnet('100.64.0.0', 10, 'ipv4');
PRIVATE.addAddress('::1', 'ipv6');
PRIVATE.addSubnet('fc00::', 7, 'ipv6');
PRIVATE.addSubnet('fe80::', 10, 'ipv6');

/** "::ffff:1.2.3.4" (an IPv4 client on a dual-stack socket) as "1.2.3.4". */
function unmap(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return mapped ? (mapped[1] as string) : ip;
}

export function isPublicIp(ip: string | undefined): ip is string {
  if (!ip) return false;
  const version = isIP(ip);
  if (version === 0) return false;
  return !PRIVATE.check(ip, version === 4 ? 'ipv4' : 'ipv6');
}

/**
 * The caller's address for geolocation: the one the gateway proved, else the peer
 * (@pt/platform `clientAddress`), so a caller reaching the service directly cannot pick the
 * country it is placed in. An IPv4 client on a dual-stack socket is its IPv4 address.
 */
export function clientIp(req: {
  headers: Record<string, string | string[] | undefined>;
  socket?: { remoteAddress?: string };
}): string | undefined {
  const address = clientAddress(req);
  return address === 'unknown' ? undefined : unmap(address);
}
