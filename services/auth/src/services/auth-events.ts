import { randomUUID } from 'node:crypto';
import {
  createEventEnvelope,
  Topics,
  userEventKey,
  type AuthEmailRequestedPayload,
  type AuthSessionRevokedPayload,
  type AuthUserChangedPayload,
} from '@pt/contracts';
import { addToOutbox, type Queryable } from '@pt/platform';
import type { UserRow } from '../repositories/users.repository';

/** The auth service's Postgres schema, where its outbox lives. */
export const AUTH_SCHEMA = 'auth';

export type UserChange = AuthUserChangedPayload['change'];

const nameOf = (user: UserRow): { name?: string } =>
  typeof user.user_metadata.name === 'string' ? { name: user.user_metadata.name } : {};
const meta = (user: UserRow, now: Date) => ({
  id: randomUUID(),
  occurredAt: now.toISOString(),
  key: userEventKey(user.id),
});

/**
 * Writes `auth.user-changed` (created, confirmed, updated, deleted) in the caller's transaction,
 * next to the change itself, so the event exists exactly when the change committed.
 */
export async function recordUserChanged(
  tx: Queryable,
  user: UserRow,
  change: UserChange,
  now: Date,
): Promise<void> {
  const payload: AuthUserChangedPayload = { userId: user.id, change, email: user.email, ...nameOf(user) };
  await addToOutbox(
    tx,
    AUTH_SCHEMA,
    Topics.authUserChanged,
    createEventEnvelope(Topics.authUserChanged, payload, meta(user, now)),
  );
}

/**
 * Writes `auth.email-requested` in the caller's transaction. It carries no secret: the notifier
 * derives the link's token from `linkId` (see the contract).
 */
export async function recordEmailRequested(
  tx: Queryable,
  user: UserRow,
  email: Pick<AuthEmailRequestedPayload, 'kind' | 'linkUrl' | 'linkId'>,
  now: Date,
): Promise<void> {
  const payload: AuthEmailRequestedPayload = {
    userId: user.id,
    email: user.email,
    ...email,
    ...nameOf(user),
  };
  await addToOutbox(
    tx,
    AUTH_SCHEMA,
    Topics.authEmailRequested,
    createEventEnvelope(Topics.authEmailRequested, payload, meta(user, now)),
  );
}

/** Room for clocks of other hosts when deciding that a revoked session's tokens have all expired. */
const REVOCATION_MARGIN_MS = 60_000;

/**
 * Writes `auth.session-revoked` in the caller's transaction, next to the deletion of the sessions.
 * Their access tokens were all issued before now, so none outlives now + their lifetime.
 */
export async function recordSessionsRevoked(
  tx: Queryable,
  userId: string,
  sessionIds: string[],
  reason: AuthSessionRevokedPayload['reason'],
  accessTokenTtlS: number,
  now: Date,
): Promise<void> {
  if (sessionIds.length === 0) return;
  const payload: AuthSessionRevokedPayload = {
    userId,
    sessionIds,
    reason,
    revokedUntil: new Date(now.getTime() + accessTokenTtlS * 1000 + REVOCATION_MARGIN_MS).toISOString(),
  };
  await addToOutbox(
    tx,
    AUTH_SCHEMA,
    Topics.authSessionRevoked,
    createEventEnvelope(Topics.authSessionRevoked, payload, {
      id: randomUUID(),
      occurredAt: now.toISOString(),
      key: userEventKey(userId),
    }),
  );
}
