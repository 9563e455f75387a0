import type { Request } from 'express';
import { clientAddress } from '@pt/platform';
import type { AuthConfig } from '../config';

/**
 * The client's address: the one the gateway proved (@pt/platform client-address), else the peer,
 * so a caller that skips the gateway cannot spread its attempts over made-up addresses.
 */
export function clientIp(req: Request): string {
  return clientAddress(req);
}

/** What decides the public base URL of the API (a subset of AuthConfig). */
export type ExternalUrlConfig = Pick<
  AuthConfig,
  'externalUrl' | 'siteUrl' | 'redirectAllowList' | 'production'
>;

const originOf = (url: string): string | undefined => {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
};

/** A bare host[:port] (or [IPv6][:port]): no user info, path, query or stray characters. */
const HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * The origin the request names (X-Forwarded-Proto/-Host as the gateway sets them, else the
 * connection's own), when it is one this API may put in links: AUTH_SITE_URL's origin, an
 * AUTH_REDIRECT_ALLOW_LIST origin, or — outside production only — http://localhost or
 * http://127.0.0.1 on any port (the tests and `npm start`). Anything else is undefined.
 */
export function allowedRequestOrigin(req: Request, config: ExternalUrlConfig): string | undefined {
  const forwardedProto = req.header('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase();
  const proto = forwardedProto === 'http' || forwardedProto === 'https' ? forwardedProto : req.protocol;
  const host = req.header('x-forwarded-host')?.split(',')[0]?.trim() || req.header('host');
  if (!host || !HOST.test(host)) return undefined;
  const origin = originOf(`${proto}://${host}`);
  if (!origin) return undefined;
  const allowed = [config.siteUrl, ...config.redirectAllowList].map(originOf);
  if (allowed.includes(origin)) return origin;
  if (!config.production) {
    const url = new URL(origin);
    if (url.protocol === 'http:' && (url.hostname === 'localhost' || url.hostname === '127.0.0.1'))
      return origin;
  }
  return undefined;
}

/**
 * The public base URL of this API (`https://host/auth/v1`) for links in emails and the OAuth
 * redirect_uri. Request headers are attacker-controlled (Host, X-Forwarded-Host), so they never
 * decide it on their own: AUTH_EXTERNAL_URL when set (required in production); otherwise the
 * request's origin only when it is allowed (`allowedRequestOrigin`); otherwise AUTH_SITE_URL's
 * origin, where the gateway serves /auth/v1 next to the site.
 */
export function externalBaseUrl(req: Request, config: ExternalUrlConfig): string {
  if (config.externalUrl) return config.externalUrl;
  const origin = allowedRequestOrigin(req, config) ?? originOf(config.siteUrl) ?? config.siteUrl;
  return `${origin}/auth/v1`;
}

/** The bearer token of the Authorization header, if any. */
export function bearerToken(req: Request): string | undefined {
  const header = req.header('authorization');
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1];
}

export interface RequestMeta {
  ip: string;
  userAgent?: string;
  externalUrl: string;
}

export function requestMeta(req: Request, config: ExternalUrlConfig): RequestMeta {
  return {
    ip: clientIp(req),
    userAgent: req.header('user-agent')?.slice(0, 512),
    externalUrl: externalBaseUrl(req, config),
  };
}
