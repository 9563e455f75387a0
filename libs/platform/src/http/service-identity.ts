import { createHmac, timingSafeEqual } from 'node:crypto';
import { internalKey } from './internal-secret';
import { identityHeaders, type VerifiedUser } from './user-context';

/**
 * Which service a request between services comes from. A service that calls
 * another (the alert-notifier asking the catalog for a listing) signs its own name and a short
 * expiry with a key derived from INTERNAL_SECRET, so the receiver can budget the call as that
 * service, or as the user it acts for, instead of as the anonymous address of the caller's pod or
 * of the embedded host's loopback (which all callers share: one client for everyone). Anyone can
 * reach a service's port, so the name counts only with a valid signature; without one the request
 * is whatever it otherwise is (a user, else an address). Same scheme as client-address.ts.
 */
export const SERVICE_ASSERTION_HEADER = 'x-service-assertion';

/** One hop, with room for clock skew between hosts (as the user and address assertions). */
export const SERVICE_ASSERTION_TTL_S = 60;
const CLOCK_SKEW_S = 5;
const VERSION = 'v1';
/** A service's name as the hosts spell it (`alert-notifier`): nothing that could hold a dot. */
const SERVICE_NAME = /^[a-z][a-z0-9-]{0,39}$/;

type HeaderBag = Record<string, string | string[] | undefined>;

const single = (value: string | string[] | undefined): string | undefined =>
  (Array.isArray(value) ? value[0] : value) || undefined;

const mac = (service: string, exp: number) =>
  createHmac('sha256', internalKey('service identity assertion'))
    .update(`${VERSION}\n${service}\n${exp}`, 'utf8')
    .digest();

/** `v1.<service>.<exp>.<hmac>`, good for SERVICE_ASSERTION_TTL_S. */
export function signService(service: string, nowMs = Date.now()): string {
  if (!SERVICE_NAME.test(service)) throw new Error(`not a service name: ${JSON.stringify(service)}`);
  const exp = Math.floor(nowMs / 1000) + SERVICE_ASSERTION_TTL_S;
  return `${VERSION}.${service}.${exp}.${mac(service, exp).toString('base64url')}`;
}

/**
 * The headers of a call from `service` to another service, and of the user it acts for when it
 * acts for one (the user it verified on the request it is serving): the receiver then counts the
 * call against that user's own limits and shares, as if the user had asked it directly. Re-signed
 * rather than forwarded, so a slow request never sends an assertion that has just expired; the
 * session id goes with it, so a signed-out session is refused at the receiver too.
 */
export function internalCallHeaders(
  service: string,
  onBehalfOf?: VerifiedUser,
  nowMs = Date.now(),
): Record<string, string> {
  return {
    [SERVICE_ASSERTION_HEADER]: signService(service, nowMs),
    ...(onBehalfOf ? identityHeaders(onBehalfOf, { nowMs }) : {}),
  };
}

/** The calling service of a request with a valid, unexpired assertion; undefined for any other. */
export function verifiedService(headers: HeaderBag, nowMs = Date.now()): string | undefined {
  const value = single(headers[SERVICE_ASSERTION_HEADER]);
  if (!value || value.length > 200) return undefined;
  const [version, service, expText, signature, ...rest] = value.split('.');
  if (version !== VERSION || rest.length > 0 || signature === undefined) return undefined;
  if (!service || !SERVICE_NAME.test(service) || !expText || !/^\d{1,12}$/.test(expText)) return undefined;
  const exp = Number(expText);
  if (exp + CLOCK_SKEW_S < nowMs / 1000) return undefined;
  const expected = mac(service, exp);
  const given = Buffer.from(signature, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected) ? service : undefined;
}
