import type { Request, RequestHandler } from 'express';
import { errorBody, USER_HEADERS, type Logger } from '@pt/platform';
import { serviceFor } from '../routes';
import { InvalidAccessTokenError, type AccessTokenVerifier } from './access-token-verifier';

export interface GatewayAuthOptions {
  /** Verifies bearer tokens; without one, every bearer token is refused (fail closed). */
  verifier?: AccessTokenVerifier;
  logger?: Pick<Logger, 'warn'>;
}

const USER_HEADER_NAMES = Object.values(USER_HEADERS);

function bearer(req: Request): string | undefined | null {
  const header = req.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1] : null;
}

/**
 * Identity at the edge (issue 6 item 7). For every request: drop any x-user-* header the client
 * sent and replace the forwarding headers with what the gateway itself saw. For requests to a
 * service other than auth: verify the bearer token, if there is one, against the JWKS and pass
 * the verified user on in x-user-id / x-user-role / x-user-email. No token: anonymous (each route
 * decides). A bad or expired token: 401 bad_jwt, the request goes nowhere.
 */
export function gatewayAuth({ verifier, logger }: GatewayAuthOptions = {}): RequestHandler {
  return async (req, res, next) => {
    for (const name of USER_HEADER_NAMES) delete req.headers[name];
    // Services key rate limits and email links on these; a client must not choose them.
    req.headers['x-forwarded-for'] = req.ip ?? req.socket.remoteAddress ?? '';
    req.headers['x-forwarded-proto'] = req.protocol;
    if (req.headers.host) req.headers['x-forwarded-host'] = req.headers.host;

    const service = serviceFor(req.path);
    if (!service || service === 'auth') return next();
    const token = bearer(req);
    if (token === undefined) return next();
    if (token === null)
      return res.status(401).json(errorBody('bad_jwt', 'Authorization header must be "Bearer <token>"'));
    if (!verifier) return res.status(401).json(errorBody('bad_jwt', 'Access tokens cannot be verified here'));
    try {
      const user = await verifier.verify(token);
      req.headers[USER_HEADERS.id] = user.id;
      req.headers[USER_HEADERS.role] = user.role;
      if (user.email) req.headers[USER_HEADERS.email] = user.email;
      return next();
    } catch (error) {
      if (error instanceof InvalidAccessTokenError)
        return res.status(401).json(errorBody('bad_jwt', error.message));
      // The JWKS could not be fetched: the gateway cannot tell, which is not the client's fault.
      logger?.warn({ err: error, path: req.path }, 'access token could not be verified');
      return res
        .status(503)
        .json(errorBody('service_unavailable', 'Sign-in cannot be checked right now. Please try again.'));
    }
  };
}
