import type { EmailOtpType } from '@supabase/auth-js';

/** The link types the token processor completes (§2 token processor; issue 10's mailed links). */
const PROCESSABLE: readonly EmailOtpType[] = [
  'signup',
  'recovery',
  'email',
  'email_change',
  'invite',
  'magiclink',
];

export interface TokenLink {
  token: string;
  type: EmailOtpType;
}

/** §2: a query with both token and type goes to the token processor; null when it has not both. */
export function readTokenLink(search: string): TokenLink | { invalid: true } | null {
  const params = new URLSearchParams(search);
  const token = params.get('token');
  const type = params.get('type');
  if (!token || !type) return null;
  if (!(PROCESSABLE as readonly string[]).includes(type)) return { invalid: true };
  return { token, type: type as EmailOtpType };
}

/** The new-password form: the sign-up rules (§5, §9). */
export function validateNewPassword(
  password: string,
  confirm: string,
): { password?: string; confirm?: string } {
  const errors: { password?: string; confirm?: string } = {};
  if (password.length < 6) errors.password = 'Password must be at least 6 characters';
  if (confirm.length < 6) errors.confirm = 'Password must be at least 6 characters';
  else if (password !== confirm) errors.confirm = "Passwords don't match";
  return errors;
}
