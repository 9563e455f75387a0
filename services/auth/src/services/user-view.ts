import { ACCESS_TOKEN_AUDIENCE, type UserRole } from '@pt/platform';
import type { IdentityRow } from '../repositories/identities.repository';
import type { UserRow } from '../repositories/users.repository';

const iso = (value: Date | null | undefined): string | null => (value ? new Date(value).toISOString() : null);

/** ARCHITECTURE §6: the admin role is granted to the emails in ADMIN_EMAILS, at every token. */
export function roleOf(email: string, adminEmails: readonly string[]): UserRole {
  return adminEmails.includes(email.toLowerCase()) ? 'admin' : 'user';
}

/** app_metadata as stored plus the role, which follows configuration rather than the row. */
export function appMetadataOf(user: UserRow, role: UserRole): Record<string, unknown> {
  return { ...user.app_metadata, role };
}

/** Supabase's identity object. */
export function identityView(identity: IdentityRow, email: string) {
  return {
    identity_id: identity.id,
    id: identity.provider_id,
    user_id: identity.user_id,
    identity_data: identity.identity_data,
    provider: identity.provider,
    email,
    last_sign_in_at: iso(identity.last_sign_in_at),
    created_at: iso(identity.created_at),
    updated_at: iso(identity.updated_at),
  };
}

/** The user as Supabase Auth returns it (`GET /user`, inside sessions, signup's answer). */
export function userView(user: UserRow, identities: IdentityRow[], adminEmails: readonly string[]) {
  const role = roleOf(user.email, adminEmails);
  return {
    id: user.id,
    aud: ACCESS_TOKEN_AUDIENCE,
    role,
    email: user.email,
    email_confirmed_at: iso(user.email_confirmed_at),
    confirmed_at: iso(user.email_confirmed_at),
    confirmation_sent_at: iso(user.confirmation_sent_at),
    last_sign_in_at: iso(user.last_sign_in_at),
    phone: '',
    app_metadata: appMetadataOf(user, role),
    user_metadata: user.user_metadata,
    identities: identities.map((identity) => identityView(identity, user.email)),
    created_at: iso(user.created_at),
    updated_at: iso(user.updated_at),
    is_anonymous: false,
  };
}
export type UserView = ReturnType<typeof userView>;
