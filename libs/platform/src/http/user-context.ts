import { AppError } from './errors';

/**
 * The signed-in user as the gateway verified it (ARCHITECTURE §1, issue 6 item 7). The gateway
 * strips these headers from every client request and sets them only after checking the access
 * token against the auth service's JWKS, so a service may trust them — and must never take a user
 * id from anywhere else.
 */
export const USER_HEADERS = {
  id: 'x-user-id',
  role: 'x-user-role',
  email: 'x-user-email',
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
}

type HeaderBag = Record<string, string | string[] | undefined>;

const single = (value: string | string[] | undefined): string | undefined =>
  (Array.isArray(value) ? value[0] : value) || undefined;

/** The verified user of a request, or undefined for an anonymous one. Takes `req.headers`. */
export function verifiedUser(headers: HeaderBag): VerifiedUser | undefined {
  const id = single(headers[USER_HEADERS.id]);
  if (!id) return undefined;
  const role: UserRole = single(headers[USER_HEADERS.role]) === 'admin' ? 'admin' : 'user';
  const email = single(headers[USER_HEADERS.email]);
  return email ? { id, role, email } : { id, role };
}

/** The verified user, or a 401 for routes that need one. */
export function requireUser(headers: HeaderBag): VerifiedUser {
  const user = verifiedUser(headers);
  if (!user) throw AppError.unauthorized('Sign in to continue', 'unauthorized');
  return user;
}

/** The verified user when it is an admin (ARCHITECTURE §6); 401 when anonymous, 403 otherwise. */
export function requireAdmin(headers: HeaderBag): VerifiedUser {
  const user = requireUser(headers);
  if (user.role !== 'admin') throw AppError.forbidden('Only administrators may do this');
  return user;
}
