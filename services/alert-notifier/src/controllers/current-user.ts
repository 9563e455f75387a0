import { requireAdmin, requireUser, type VerifiedUser } from '@pt/platform';

export type HeaderBag = Record<string, string | string[] | undefined>;

/**
 * The verified user, read only through libs/platform's user-context (the gateway and
 * the platform decide how identity is verified; this service never takes a user id from anywhere else).
 * Awaited, so a verifier that becomes asynchronous needs no change here.
 */
export async function signedInUser(headers: HeaderBag): Promise<VerifiedUser> {
  return Promise.resolve(requireUser(headers));
}

export async function signedInAdmin(headers: HeaderBag): Promise<VerifiedUser> {
  return Promise.resolve(requireAdmin(headers));
}
