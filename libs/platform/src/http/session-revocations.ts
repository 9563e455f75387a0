import { randomUUID } from 'node:crypto';
import { parseEventPayload, Topics } from '@pt/contracts';
import type { EventBus, Subscription } from '../events/event-bus.port';
import type { Logger } from '../logger';

/**
 * Sessions that ended (sign-out, account deletion, password change, refresh-token reuse) while
 * access tokens of theirs may still be unexpired. Kept until those tokens expire
 * (`revokedUntil` of the event), which bounds the set by the sign-outs of one token lifetime.
 */
export class SessionRevocations {
  private readonly until = new Map<string, number>();
  private added = 0;

  constructor(private readonly now: () => number = Date.now) {}

  revoke(sessionIds: readonly string[], untilMs: number): void {
    for (const id of sessionIds) this.until.set(id, Math.max(untilMs, this.until.get(id) ?? 0));
    this.added += sessionIds.length;
    if (this.added >= 1000) this.prune();
  }

  isRevoked(sessionId: string | undefined): boolean {
    if (!sessionId) return false;
    const until = this.until.get(sessionId);
    return until !== undefined && until > this.now();
  }

  get size(): number {
    return this.until.size;
  }

  private prune(): void {
    this.added = 0;
    const now = this.now();
    for (const [id, until] of this.until) if (until <= now) this.until.delete(id);
  }
}

/**
 * The process's revocation set: what `verifiedUser` (every service) and the gateway consult. One
 * per process, so in the embedded host the gateway and all services share it.
 */
export const sessionRevocations = new SessionRevocations();

/**
 * Feeds the process's revocation set from `auth.session-revoked`. The consumer group is new for
 * each process (a broadcast: every replica must learn every revocation, not one replica of the
 * group), and new groups start at the beginning of the topic's retention, so a restarted process
 * rebuilds the set from the revocations it missed.
 */
export async function followSessionRevocations(
  bus: EventBus,
  {
    owner,
    logger,
    revocations = sessionRevocations,
  }: {
    owner: string;
    logger?: Pick<Logger, 'warn'>;
    revocations?: SessionRevocations;
  },
): Promise<Subscription> {
  return bus.subscribe(
    Topics.authSessionRevoked,
    `${owner}.session-revocations.${randomUUID()}`,
    async (envelope) => {
      const parsed = parseEventPayload(Topics.authSessionRevoked, envelope);
      if (!parsed.success) {
        // Not ours to dead-letter once per process; auth's contract tests cover the shape.
        logger?.warn({ eventId: envelope.id, error: parsed.error }, 'malformed session revocation ignored');
        return;
      }
      const { sessionIds, revokedUntil } = parsed.envelope.payload;
      revocations.revoke(sessionIds, new Date(revokedUntil).getTime());
    },
    { perProcess: true },
  );
}
