import { Topics } from '@pt/contracts';
import { addToOutbox, createEnvelope, type Queryable } from '@pt/platform';
import type { UserRow } from '../repositories/users.repository';

/** The auth service's Postgres schema, where its outbox lives. */
export const AUTH_SCHEMA = 'auth';

export type UserChange = 'created' | 'confirmed' | 'updated' | 'deleted';

/** Payload of `auth.user-changed` (ARCHITECTURE §3), keyed by user id. */
export interface AuthUserChangedPayload {
  userId: string;
  change: UserChange;
  email: string;
  name: string | null;
  emailConfirmed: boolean;
  /** Set for `deleted`: other services erase this user's data. */
  deleted: boolean;
}

/** Payload of `auth.email-requested`, keyed by user id: alert-notifier sends it. */
export interface AuthEmailRequestedPayload {
  userId: string;
  email: string;
  kind: 'signup';
  name: string | null;
  /** The confirmation link (carries the single-use token; only its hash is stored). */
  actionLink: string;
  expiresAt: string;
}

const nameOf = (user: UserRow): string | null => (typeof user.user_metadata.name === 'string' ? user.user_metadata.name : null);

/** Writes `auth.user-changed` in the caller's transaction, next to the change itself. */
export async function recordUserChanged(tx: Queryable, user: UserRow, change: UserChange, now: Date): Promise<void> {
  const payload: AuthUserChangedPayload = {
    userId: user.id,
    change,
    email: user.email,
    name: nameOf(user),
    emailConfirmed: user.email_confirmed_at !== null,
    deleted: change === 'deleted',
  };
  await addToOutbox(tx, AUTH_SCHEMA, Topics.authUserChanged, createEnvelope(Topics.authUserChanged, user.id, payload, { now }));
}

/** Writes `auth.email-requested` in the caller's transaction. */
export async function recordEmailRequested(
  tx: Queryable,
  user: UserRow,
  email: { actionLink: string; expiresAt: Date },
  now: Date,
): Promise<void> {
  const payload: AuthEmailRequestedPayload = {
    userId: user.id,
    email: user.email,
    kind: 'signup',
    name: nameOf(user),
    actionLink: email.actionLink,
    expiresAt: email.expiresAt.toISOString(),
  };
  await addToOutbox(tx, AUTH_SCHEMA, Topics.authEmailRequested, createEnvelope(Topics.authEmailRequested, user.id, payload, { now }));
}
