import { randomUUID } from 'node:crypto';
import { AppError, identityHeaders, requireUser, SESSION_ENDED, sessionRevocations } from '@pt/platform';

function refusal(headers: Record<string, string>): AppError {
  try {
    requireUser(headers);
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('requireUser accepted the request');
}

/**
 * A sign-out reaches the gateway and each service over the bus on its own; whichever process learns
 * of it first refuses the token, and the client reads the same answer from each.
 */
describe('requireUser', () => {
  it('takes a verified user of a live session', () => {
    const user = { id: 'u-1', role: 'user' as const, sessionId: randomUUID() };
    expect(requireUser(identityHeaders(user))).toMatchObject({ id: 'u-1', role: 'user' });
  });

  it("refuses a session that has ended with the gateway's session_revoked, not a bare 401", () => {
    const sessionId = randomUUID();
    const headers = identityHeaders({ id: 'u-2', role: 'user', sessionId });
    sessionRevocations.revoke([sessionId], Date.now() + 60_000);
    const error = refusal(headers);
    expect({ status: error.status, code: error.code, message: error.message }).toEqual({
      status: 401,
      code: SESSION_ENDED.code,
      message: SESSION_ENDED.message,
    });
  });

  it('refuses a request without an identity as unauthorized', () => {
    expect(refusal({})).toMatchObject({ status: 401, code: 'unauthorized' });
  });
});
