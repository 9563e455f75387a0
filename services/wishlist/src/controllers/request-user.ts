import { requireUser } from '@pt/platform';

export type RequestHeaders = Record<string, string | string[] | undefined>;

/**
 * The verified user's id, or 401. Identity is read only through @pt/platform's user-context
 * module (which verifies tokens and revocations), never from a body or path.
 */
export function userIdOf(headers: RequestHeaders): string {
  return requireUser(headers).id;
}
