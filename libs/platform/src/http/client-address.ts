import { createHmac, timingSafeEqual } from 'node:crypto';
import { addressKey } from './address-key';
import { internalKey } from './internal-secret';

/**
 * The client's address at a service. Behind the gateway the peer of a service is
 * the gateway, so the gateway names the client in `X-Forwarded-For`, and per-address limits
 * (sign-up, sign-in, monitoring reports, catalog calls) and geolocation key on it. Anyone who can
 * reach a service's port directly could write that header too, so a service believes it only
 * with `x-client-address-proof`: an HMAC of the address and a short expiry under a key derived
 * from INTERNAL_SECRET, which only the gateway (and the services) hold. Without a valid proof the
 * peer of the connection is the client. Same scheme as the forwarded identity (user-context.ts).
 */
export const CLIENT_ADDRESS_HEADERS = {
  address: 'x-forwarded-for',
  proof: 'x-client-address-proof',
} as const;

/** One hop, with room for clock skew between hosts (as the identity assertion). */
export const CLIENT_ADDRESS_PROOF_TTL_S = 60;
const PROOF_TTL_S = CLIENT_ADDRESS_PROOF_TTL_S;
const CLOCK_SKEW_S = 5;
const VERSION = 'v1';

type HeaderBag = Record<string, string | string[] | undefined>;

const single = (value: string | string[] | undefined): string | undefined =>
  (Array.isArray(value) ? value[0] : value) || undefined;

const mac = (address: string, exp: number) =>
  createHmac('sha256', internalKey('gateway client address'))
    .update(`${VERSION}\n${exp}\n${address}`, 'utf8')
    .digest();

/**
 * The headers that name the client to a service, as the gateway sends them (tests of a service
 * that stand in for the gateway use them too).
 */
export function clientAddressHeaders(address: string, nowMs = Date.now()): Record<string, string> {
  const exp = Math.floor(nowMs / 1000) + PROOF_TTL_S;
  return {
    [CLIENT_ADDRESS_HEADERS.address]: address,
    [CLIENT_ADDRESS_HEADERS.proof]: `${VERSION}.${exp}.${mac(address, exp).toString('base64url')}`,
  };
}

function proven(address: string, proof: string | undefined, nowMs: number): boolean {
  if (!proof || proof.length > 200) return false;
  const [version, expText, signature] = proof.split('.');
  if (version !== VERSION || !expText || !/^\d{1,12}$/.test(expText) || signature === undefined) return false;
  const exp = Number(expText);
  if (exp + CLOCK_SKEW_S < nowMs / 1000) return false;
  const expected = mac(address, exp);
  const given = Buffer.from(signature, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The client's address: the gateway's X-Forwarded-For when the gateway proved it, else the peer
 * of the connection ('unknown' without one). The only place a service reads X-Forwarded-For.
 */
export function clientAddress(
  req: { headers: HeaderBag; socket?: { remoteAddress?: string } },
  nowMs = Date.now(),
): string {
  const forwarded = single(req.headers[CLIENT_ADDRESS_HEADERS.address])?.trim();
  if (forwarded && proven(forwarded, single(req.headers[CLIENT_ADDRESS_HEADERS.proof]), nowMs))
    return forwarded;
  return req.socket?.remoteAddress || 'unknown';
}

/** `addressKey` of the client's address: what per-address limits count under. */
export function clientAddressKey(req: Parameters<typeof clientAddress>[0]): string {
  return addressKey(clientAddress(req));
}
