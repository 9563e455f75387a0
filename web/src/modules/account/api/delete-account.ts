import { apiFetch } from '../../../lib/api';

/**
 * Deletes the signed-in account (DELETE /auth/v1/user). Answers whether the server deleted it, so
 * the page can say it was not (a refusal and no answer at all alike) instead of throwing.
 */
export async function deleteAccount(): Promise<boolean> {
  try {
    await apiFetch('/auth/v1/user', { method: 'DELETE' });
    return true;
  } catch {
    return false;
  }
}
