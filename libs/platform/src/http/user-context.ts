import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppError } from './errors';
import { internalKey } from './internal-secret';
import { sessionRevocations } from './session-revocations';

/**
 * The signed-in user as the gateway verified it (ARCHITECTURE §1 and §6).
 *
 * The gateway checks the access token against the auth service's JWKS and the revocation set, then
 * forwards the user in `x-user-assertion`: the user id, role, email, session id and a short expiry,
 * HMAC-signed with a key derived from INTERNAL_SECRET. `verifiedUser` checks that signature and
 * expiry and that the session was not revoked since (`auth.session-revoked`), so a request that
 * reaches a service without passing the gateway cannot claim anyone: bare `x-user-*` headers are
 * ignored. A service must never take a user id from anywhere else.
 *
 * `x-user-id` / `x-user-role` / `x-user-email` are still set by the gateway for logs; they prove
 * nothing and no code decides on them.
 */
export const USER_HEADERS = {
  id: 'x-user-id',
  role: 'x-user-role',
  email: 'x-user-email',
  assertion: 'x-user-assertion',
} as const;

/** `aud` of access tokens for signed-in users (as Supabase Auth). */
export const ACCESS_TOKEN_AUDIENCE = 'authenticated';
/** `iss` of access tokens when AUTH_JWT_ISSUER is not set; the gateway checks the same value. */
export const DEFAULT_JWT_ISSUER = 'price-tracker-auth';

/** The product's roles (contracts' User.role): signed-in users, and admins from ADMIN_EMAILS. */
export type UserRole = 'user' | 'admin';

export interface VerifiedUser {
  id: string;
  role: UserRole;
  email?: string;
  /** The auth session the access token belongs to (revocations name sessions). */
  sessionId?: string;
}

type HeaderBag = Record<string, string | string[] | undefined>;

const single = (value: string | string[] | undefined): string | undefined =>
  (Array.isArray(value) ? value[0] : value) || undefined;

/** How long a forwarded identity is good for: one hop, with room for clock skew between hosts. */
export const IDENTITY_ASSERTION_TTL_S = 60;
const CLOCK_SKEW_S = 5;
const VERSION = 'v1';

interface AssertionClaims {
  sub: string;
  role: UserRole;
  email?: string;
  sid?: string;
  exp: number;
}

const identityKey = () => internalKey('gateway identity assertion');
const mac = (data: string) => createHmac('sha256', identityKey()).update(data, 'utf8').digest();

/**
 * Signs a user for one request (the gateway; tests of a service use `identityHeaders`). Valid for
 * IDENTITY_ASSERTION_TTL_S, and never past `notAfterS` (the access token's own expiry).
 */
export function signIdentity(
  user: VerifiedUser,
  { nowMs = Date.now(), notAfterS }: { nowMs?: number; notAfterS?: number } = {},
): string {
  const exp = Math.min(Math.floor(nowMs / 1000) + IDENTITY_ASSERTION_TTL_S, notAfterS ?? Infinity);
  const claims: AssertionClaims = { sub: user.id, role: user.role, exp };
  if (user.email) claims.email = user.email;
  if (user.sessionId) claims.sid = user.sessionId;
  const body = `${VERSION}.${Buffer.from(JSON.stringify(claims), 'utf8').toString('base64url')}`;
  return `${body}.${mac(body).toString('base64url')}`;
}

/** The claims of a well-signed, unexpired assertion; undefined for anything else. */
function readAssertion(value: string | undefined, nowMs: number): AssertionClaims | undefined {
  if (!value || value.length > 4096) return undefined;
  const parts = value.split('.');
  if (parts.length !== 3 || parts[0] !== VERSION) return undefined;
  const expected = mac(`${parts[0]}.${parts[1]}`);
  const given = Buffer.from(parts[2], 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  let claims: Partial<AssertionClaims>;
  try {
    claims = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8')) as Partial<AssertionClaims>;
  } catch {
    return undefined;
  }
  if (typeof claims.sub !== 'string' || !claims.sub || typeof claims.exp !== 'number') return undefined;
  if (claims.exp + CLOCK_SKEW_S < nowMs / 1000) return undefined;
  return claims as AssertionClaims;
}

/**
 * Headers that carry a user to a service, as the gateway sends them: for the gateway and for
 * tests that call a service directly.
 */
export function identityHeaders(
  user: VerifiedUser,
  options?: { nowMs?: number; notAfterS?: number },
): Record<string, string> {
  const headers: Record<string, string> = {
    [USER_HEADERS.assertion]: signIdentity(user, options),
    [USER_HEADERS.id]: user.id,
    [USER_HEADERS.role]: user.role,
  };
  if (user.email) headers[USER_HEADERS.email] = user.email;
  return headers;
}

/**
 * The verified user of a request, or undefined for an anonymous one. Takes `req.headers`. Only a
 * valid gateway assertion of a session that was not revoked counts; bare `x-user-*` headers do not.
 */
export function verifiedUser(headers: HeaderBag): VerifiedUser | undefined {
  const claims = readAssertion(single(headers[USER_HEADERS.assertion]), Date.now());
  if (!claims) return undefined;
  if (sessionRevocations.isRevoked(claims.sid)) return undefined;
  const user: VerifiedUser = { id: claims.sub, role: claims.role === 'admin' ? 'admin' : 'user' };
  if (claims.email) user.email = claims.email;
  if (claims.sid) user.sessionId = claims.sid;
  return user;
}

/** The gateway's words for a token of a session that has ended; a service says the same. */
export const SESSION_ENDED = {
  code: 'session_revoked',
  message: 'This session has ended. Please sign in again.',
} as const;

/**
 * The verified user, or a 401 for routes that need one. A sign-out reaches the gateway and every
 * service over the bus independently, so a service may learn of it first: it then refuses with the
 * gateway's `session_revoked`, and a client reads one answer whichever process noticed.
 */
export function requireUser(headers: HeaderBag): VerifiedUser {
  const user = verifiedUser(headers);
  if (user) return user;
  const claims = readAssertion(single(headers[USER_HEADERS.assertion]), Date.now());
  if (claims && sessionRevocations.isRevoked(claims.sid))
    throw AppError.unauthorized(SESSION_ENDED.message, SESSION_ENDED.code);
  throw AppError.unauthorized('Sign in to continue', 'unauthorized');
}

/** The verified user when it is an admin (ARCHITECTURE §6); 401 when anonymous, 403 otherwise. */
export function requireAdmin(headers: HeaderBag): VerifiedUser {
  const user = requireUser(headers);
  if (user.role !== 'admin') throw AppError.forbidden('Only administrators may do this');
  return user;
}
