import type { Request } from 'express';
import { clientAddressKey, type VerifiedUser } from '@pt/platform';

/**
 * Who a report counts against: the verified user, else the client's address as the gateway proved
 * it (a caller reaching the service directly is its peer, whatever X-Forwarded-For says). An IPv6
 * client is its /64 (`addressKey`).
 */
export function monitoringClientKey(req: Pick<Request, 'headers' | 'socket'>, user?: VerifiedUser): string {
  if (user) return `user:${user.id}`;
  return clientAddressKey(req);
}
