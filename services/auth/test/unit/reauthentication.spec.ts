import {
  RECENT_SIGN_IN_MS,
  RECOVERY_SESSION_PROOF_MS,
  sessionProvesIdentity,
} from '../../src/services/reauthentication';

const NOW = new Date('2026-01-01T12:00:00Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms);

/** Which sessions may change the password without the current one. */
describe(sessionProvesIdentity.name, () => {
  it.each([
    ['a password sign-in just now', 'password', 0, true],
    ['a password sign-in at the window edge', 'password', RECENT_SIGN_IN_MS, true],
    ['a password sign-in past the window', 'password', RECENT_SIGN_IN_MS + 1, false],
    ['a social sign-in past the window', 'oauth', RECENT_SIGN_IN_MS + 1, false],
    ['a session from before auth_method was kept', null, RECENT_SIGN_IN_MS + 1, false],
    ['a recovery session after 30 minutes', 'recovery', 30 * 60_000, true],
    ['a recovery session past its hour', 'recovery', RECOVERY_SESSION_PROOF_MS + 1, false],
    ['a session "signed in" in the future (clock skew)', 'password', -1, false],
  ])('%s', (_case, method, ageMs, expected) => {
    expect(sessionProvesIdentity({ auth_method: method, created_at: ago(ageMs) }, NOW)).toBe(expected);
  });
});
