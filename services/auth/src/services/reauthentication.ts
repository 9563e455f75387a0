import type { SessionRow } from '../repositories/sessions.repository';

/**
 * How recent a session's sign-in must be for it to change the password without the current one.
 * Five minutes covers signing in and filling in the account page's form; a
 * longer window would let a token taken later from a long-lived session (refresh tokens never
 * expire, access tokens live an hour) do it. Measured from the session's sign-in, which a refresh
 * never moves.
 */
export const RECENT_SIGN_IN_MS = 5 * 60_000;

/**
 * A recovery link's session sets a new password without the old one (the person has forgotten
 * it) for as long as the link itself was valid: one hour, however often the token is refreshed.
 */
export const RECOVERY_SESSION_PROOF_MS = 60 * 60_000;

/** Whether the session alone proves the person may change the password (else: current password). */
export function sessionProvesIdentity(
  session: Pick<SessionRow, 'auth_method' | 'created_at'>,
  now: Date,
): boolean {
  const age = now.getTime() - new Date(session.created_at).getTime();
  const window = session.auth_method === 'recovery' ? RECOVERY_SESSION_PROOF_MS : RECENT_SIGN_IN_MS;
  return age >= 0 && age <= window;
}
