import type { Request, RequestHandler } from 'express';
import {
  CLIENT_ADDRESS_PROOF_TTL_S,
  clientAddressHeaders,
  DEPENDENCY_RETRY_AFTER_S,
  errorBody,
  SESSION_ENDED,
  IDENTITY_ASSERTION_TTL_S,
  identityHeaders,
  Lru,
  sessionRevocations,
  USER_HEADERS,
  verifiedService,
  type Logger,
  type VerifiedUser,
} from '@pt/platform';
import { needsIdentity } from '../routes';
import { InvalidAccessTokenError, type AccessTokenVerifier } from './access-token-verifier';
import { setEdgeUser, setRecalledUser } from './edge-user';

export interface GatewayAuthOptions {
  /** Verifies bearer tokens; without one, every bearer token is refused (fail closed). */
  verifier?: AccessTokenVerifier;
  logger?: Pick<Logger, 'warn'>;
  /** The clock of the forwarded identities' expiry (tests move it). */
  now?: () => number;
}

const USER_HEADER_NAMES = Object.values(USER_HEADERS);

function bearer(req: Request): string | undefined | null {
  const header = req.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1] : null;
}

/** A bare host[:port] (or [IPv6][:port]): nothing that could smuggle user info, a path or a list. */
const HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

export function forwardableHost(host: string | undefined): string | undefined {
  const value = host?.trim();
  return value && value.length <= 255 && HOST.test(value) ? value : undefined;
}

/**
 * Identity at the edge. For every request: drop any x-user-* header the client
 * sent and replace the forwarding headers with what the gateway itself saw. For requests to a
 * service other than auth, or to a gateway route that acts on the user (`needsIdentity`): verify
 * the bearer token, if there is one, against the JWKS, refuse it when its session was revoked, and
 * pass the verified user on as a signed assertion (`x-user-assertion`, see @pt/platform
 * user-context) that every service checks. No token:
 * anonymous (each route decides). A bad or expired token: 401 bad_jwt; a revoked session: 401
 * session_revoked; the request goes nowhere.
 */
export function gatewayAuth({ verifier, logger, now = Date.now }: GatewayAuthOptions = {}): RequestHandler {
  const assertions = forwardedIdentities(now);
  const addresses = forwardedAddresses();
  return async (req, res, next) => {
    // A service calling another through this gateway (the embedded host's notifier asking the
    // catalog) names the user it acts for with its own signed assertion, which
    // the receiver checks; from anyone else a user header is dropped.
    if (!verifiedService(req.headers)) for (const name of USER_HEADER_NAMES) delete req.headers[name];
    // Services key rate limits and geolocation on the client address; a client must not choose
    // it, and a service believes it only with the gateway's proof (@pt/platform client-address).
    Object.assign(req.headers, addresses.headersFor(req.ip ?? req.socket.remoteAddress ?? 'unknown'));
    req.headers['x-forwarded-proto'] = req.protocol;
    // The host the browser addressed (a trusted proxy's X-Forwarded-Host, else Host), only when it
    // is a bare host[:port]. It is still the client's word: services must not build links from it
    // unless its origin is on an allow-list of their own (auth: AUTH_EXTERNAL_URL, else the
    // site's and allow-listed origins).
    const host = forwardableHost(req.host);
    delete req.headers['x-forwarded-host'];
    if (host) req.headers['x-forwarded-host'] = host;

    if (!needsIdentity(req.path)) return next();
    const token = bearer(req);
    if (token === undefined) return next();
    if (token === null)
      return res.status(401).json(errorBody('bad_jwt', 'Authorization header must be "Bearer <token>"'));
    if (!verifier) return res.status(401).json(errorBody('bad_jwt', 'Access tokens cannot be verified here'));
    try {
      const { user, expiresAt } = await verifier.verifyWithExpiry(token);
      // Signed out, deleted, password changed, refresh token reused (`auth.session-revoked`).
      if (sessionRevocations.isRevoked(user.sessionId))
        return res.status(401).json(errorBody(SESSION_ENDED.code, SESSION_ENDED.message));
      // The services check this signature themselves: a request that skips the gateway has none.
      Object.assign(req.headers, assertions.headersFor(token, user, expiresAt));
      setEdgeUser(req, user);
      return next();
    } catch (error) {
      if (error instanceof InvalidAccessTokenError)
        return res.status(401).json(errorBody('bad_jwt', error.message));
      // The JWKS could not be fetched: the gateway cannot tell, which is not the client's fault.
      logger?.warn({ err: error, path: req.path }, 'access token could not be verified');
      // Usually auth is starting or restarting: say when to try again, like every 503.
      return res
        .status(503)
        .setHeader('Retry-After', String(DEPENDENCY_RETRY_AFTER_S))
        .json(errorBody('service_unavailable', 'Sign-in cannot be checked right now. Please try again.'));
    }
  };
}

/**
 * Before the front door's rate limits: the user of a bearer token that verified recently, unless
 * its session was revoked since (recalledUser). Sync and a cache lookup only, so it costs a flood
 * of unknown or forged tokens nothing; gatewayAuth still verifies every token afterwards.
 */
export function recallVerifiedUser(verifier: AccessTokenVerifier | undefined): RequestHandler {
  return (req, _res, next) => {
    if (!verifier || !needsIdentity(req.path)) return next();
    const token = bearer(req);
    const user = token ? verifier.recall(token) : undefined;
    if (user && !sessionRevocations.isRevoked(user.sessionId)) setRecalledUser(req, user);
    next();
  };
}

/**
 * The client-address headers of each recent address, signed once and reused for half the proof's
 * life (30 s of its 60 s): an HMAC per request otherwise, for the same few addresses.
 */
function forwardedAddresses() {
  const cache = new Lru<string, Record<string, string>>(10_000, CLIENT_ADDRESS_PROOF_TTL_S * 500);
  return {
    headersFor(address: string): Record<string, string> {
      let headers = cache.get(address);
      if (!headers) cache.set(address, (headers = clientAddressHeaders(address)));
      return headers;
    },
  };
}

/** A signed identity is reused for at most this long, so a service always gets one with ≥ 30 s left. */
const REUSE_MS = (IDENTITY_ASSERTION_TTL_S * 1000) / 2;

/**
 * The identity headers of each recent token, signed once and reused for REUSE_MS: signing is an
 * HMAC and a JSON encoding per request otherwise. Only assertions that run their full
 * IDENTITY_ASSERTION_TTL_S are kept; one cut short by the token's own expiry is signed afresh.
 * Revocation is checked by the caller on every request, before this.
 */
function forwardedIdentities(now: () => number) {
  const cache = new Lru<string, Record<string, string>>(10_000, REUSE_MS, now);
  return {
    headersFor(token: string, user: VerifiedUser, expiresAt: number): Record<string, string> {
      const cached = cache.get(token);
      if (cached) return cached;
      const nowMs = now();
      const headers = identityHeaders(user, { nowMs, notAfterS: expiresAt });
      if (expiresAt * 1000 >= nowMs + IDENTITY_ASSERTION_TTL_S * 1000) cache.set(token, headers);
      return headers;
    },
  };
}
