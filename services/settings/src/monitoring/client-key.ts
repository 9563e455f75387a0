import type { Request } from 'express';
import { addressKey, type VerifiedUser } from '@pt/platform';

/**
 * Who a report counts against: the verified user, else the address the gateway saw. The gateway
 * overwrites X-Forwarded-For with that address in both hosts (a client's own value never reaches
 * a service), so its first entry is the client. An IPv6 client is its /64 (`addressKey`).
 */
export function monitoringClientKey(req: Pick<Request, 'headers' | 'socket'>, user?: VerifiedUser): string {
  if (user) return `user:${user.id}`;
  const header = req.headers['x-forwarded-for'];
  const forwarded = (Array.isArray(header) ? header[0] : header)?.split(',')[0]?.trim();
  return addressKey(forwarded || req.socket?.remoteAddress || 'unknown');
}
