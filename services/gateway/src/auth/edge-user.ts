import type { IncomingMessage } from 'node:http';
import type { VerifiedUser } from '@pt/platform';

const users = new WeakMap<IncomingMessage, VerifiedUser>();
const recalled = new WeakMap<IncomingMessage, VerifiedUser>();

/**
 * The user gatewayAuth verified for this request, for the gateway's own policies (per-user rate
 * limit, maintenance, request logs). Kept beside the request, where no client can write, so the
 * signed assertion meant for the services is not checked again at each step of the same process.
 */
export function edgeUser(req: IncomingMessage): VerifiedUser | undefined {
  return users.get(req);
}

export function setEdgeUser(req: IncomingMessage, user: VerifiedUser): void {
  users.set(req, user);
}

/**
 * The user whose token this request carries, as remembered from an earlier verification, before
 * this request's token is checked (recallVerifiedUser): lets the front door count the per-user
 * rate limit in the same Redis round trip as the per-address one. A hint for counting only: what
 * the request may do depends on edgeUser, set after the token is verified.
 */
export function recalledUser(req: IncomingMessage): VerifiedUser | undefined {
  return recalled.get(req);
}

export function setRecalledUser(req: IncomingMessage, user: VerifiedUser): void {
  recalled.set(req, user);
}
