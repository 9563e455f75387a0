import { resolveResendEmail } from '@pt/domain';
import { authClient, siteRoot } from './auth-client';
import type { AuthFailure } from '../utils/auth-error-message';

/**
 * §7 resendConfirmation: mails the sign-up confirmation again to the given address, else to the
 * current user's (§5), else fails with 'No email provided' without calling the server.
 */
export async function resendConfirmation(email?: string): Promise<{ failure: AuthFailure | null }> {
  const { data } = await authClient.getSession();
  const resolved = resolveResendEmail(email, data.session?.user.email);
  if (!resolved.ok) return { failure: { message: resolved.error, status: 400 } };
  const { error } = await authClient.resend({
    type: 'signup',
    email: resolved.value,
    options: { emailRedirectTo: siteRoot() },
  });
  return { failure: error ? { message: error.message, status: error.status } : null };
}
