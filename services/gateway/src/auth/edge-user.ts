import type { IncomingMessage } from 'node:http';
import type { VerifiedUser } from '@pt/platform';

const users = new WeakMap<IncomingMessage, VerifiedUser>();

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
