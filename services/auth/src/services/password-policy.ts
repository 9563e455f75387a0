import { PASSWORD_MIN_LENGTH } from '@pt/domain';
import { AuthError, type WeakPasswordReason } from '../http/auth-error';
import { isCommonPassword } from './common-passwords';

/** Argon2 hashes any length; the cap only stops a megabyte "password" from costing CPU. */
export const PASSWORD_MAX_LENGTH = 256;

/** Why a password is refused (Supabase's `weak_password.reasons`); empty when it is acceptable. */
export async function weakPasswordReasons(password: string): Promise<WeakPasswordReason[]> {
  const reasons: WeakPasswordReason[] = [];
  // §5/§9: at least 6 characters (counted as the user sees them, not in UTF-16 units).
  if ([...password].length < PASSWORD_MIN_LENGTH) reasons.push('length');
  else if (await isCommonPassword(password)) reasons.push('pwned');
  return reasons;
}

/** Throws weak_password (422, with reasons) or validation_failed for an over-long password. */
export async function assertAcceptablePassword(password: string): Promise<void> {
  if (password.length > PASSWORD_MAX_LENGTH)
    throw AuthError.validation(`Password cannot be longer than ${PASSWORD_MAX_LENGTH} characters`);
  const reasons = await weakPasswordReasons(password);
  if (reasons.includes('length'))
    throw AuthError.weakPassword(reasons, `Password should be at least ${PASSWORD_MIN_LENGTH} characters.`);
  if (reasons.includes('pwned')) {
    throw AuthError.weakPassword(
      reasons,
      'Password is known to be weak and easy to guess, please choose a different one.',
    );
  }
}
