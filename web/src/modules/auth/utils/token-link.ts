import type { EmailOtpType } from '@supabase/auth-js';
import { validatePasswordPair } from '@pt/domain';

/** The link types the token processor completes (§2 token processor; the mailed links). */
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

/** The new-password form: the sign-up rules (§5, §9), with the form's own field names. */
export function validateNewPassword(
  password: string,
  confirm: string,
): { password?: string; confirm?: string } {
  const { password: passwordError, confirmPassword } = validatePasswordPair(password, confirm);
  return {
    ...(passwordError && { password: passwordError }),
    ...(confirmPassword && { confirm: confirmPassword }),
  };
}
