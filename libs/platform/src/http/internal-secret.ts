import { createHmac, randomBytes } from 'node:crypto';
import { ConfigError } from '../config/config';

/**
 * The secret the gateway and the services share (`INTERNAL_SECRET`, at least 32 characters): the
 * gateway signs the identity it forwards with a key derived from it, and auth and alert-notifier
 * derive mailed-link tokens from it, so neither a user header nor a link ever has to be trusted
 * or sent in the clear between them.
 *
 * When it is not set, a random secret is made per process: right for the embedded host (gateway
 * and every service in one process) and for tests; a distributed process refuses to start
 * without it (`assertInternalSecret`), since each process would make its own and trust nothing.
 */
let processSecret: string | undefined;

export const INTERNAL_SECRET_MIN_LENGTH = 32;

function secret(): string {
  const configured = process.env.INTERNAL_SECRET;
  if (configured) return configured;
  processSecret ??= randomBytes(32).toString('base64url');
  return processSecret;
}

/** Derived keys of the current secret, by purpose: the gateway and services sign every request. */
const derived = new Map<string, Buffer>();
let derivedFrom: string | undefined;

/** A key for one purpose, derived from the internal secret (domain separation between uses). */
export function internalKey(purpose: string): Buffer {
  const current = secret();
  if (current !== derivedFrom) {
    derived.clear();
    derivedFrom = current;
  }
  let key = derived.get(purpose);
  if (!key) {
    key = createHmac('sha256', current).update(`price-tracker internal v1: ${purpose}`, 'utf8').digest();
    derived.set(purpose, key);
  }
  return key;
}

/**
 * For processes of the distributed mode (a service's main.ts, the gateway's): INTERNAL_SECRET must
 * be set, and long enough. Throws ConfigError naming the variable.
 */
export function assertInternalSecret(env: Record<string, string | undefined> = process.env): void {
  const value = env.INTERNAL_SECRET;
  if (!value)
    throw new ConfigError([
      {
        variable: 'INTERNAL_SECRET',
        message:
          'is required in the distributed mode: the same secret (32+ characters) for the gateway and every service, which sign and check the identity of each request with it',
      },
    ]);
  if (value.length < INTERNAL_SECRET_MIN_LENGTH)
    throw new ConfigError([
      { variable: 'INTERNAL_SECRET', message: `must be at least ${INTERNAL_SECRET_MIN_LENGTH} characters` },
    ]);
}

/**
 * The single-use token of a mailed link (confirmation, recovery), derived from its public id: auth
 * stores the token's hash and puts only the id in `auth.email-requested`; the notifier derives the
 * token to build the link. Whoever reads the bus, its dead letters or the consumer's logs sees ids
 * that confirm nothing without the internal secret.
 */
export function emailLinkToken(linkId: string): string {
  return createHmac('sha256', internalKey('auth email link')).update(linkId, 'utf8').digest('base64url');
}

/** The mailed link: the token-less URL from the event plus the token derived from its id. */
export function emailLink(linkUrl: string, linkId: string): string {
  const url = new URL(linkUrl);
  url.searchParams.set('token', emailLinkToken(linkId));
  return url.toString();
}
