import { randomUUID } from 'node:crypto';
import {
  createEventEnvelope,
  Topics,
  userEventKey,
  type AuthEmailRequestedPayload,
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
 * Writes `auth.email-requested` in the caller's transaction. The link carries the single-use
 * token (only its hash is stored in auth's tables); the outbox row is deleted once relayed.
 */
export async function recordEmailRequested(
  tx: Queryable,
  user: UserRow,
  kind: AuthEmailRequestedPayload['kind'],
  link: string,
  now: Date,
): Promise<void> {
  const payload: AuthEmailRequestedPayload = {
    userId: user.id,
    email: user.email,
    kind,
    link,
    ...nameOf(user),
  };
  await addToOutbox(
    tx,
    AUTH_SCHEMA,
    Topics.authEmailRequested,
    createEventEnvelope(Topics.authEmailRequested, payload, meta(user, now)),
  );
}
