import type { Request } from 'express';

/**
 * The client's address. The gateway overwrites X-Forwarded-For with the address it saw (it
 * never forwards a client's own value), so the first entry is the client in both hosts.
 */
export function clientIp(req: Request): string {
  const forwarded = req.header('x-forwarded-for')?.split(',')[0]?.trim();
  return forwarded || req.socket.remoteAddress || 'unknown';
}

/**
 * The public base URL of this API (`https://host/auth/v1`) for links in emails and the OAuth
 * redirect_uri: configured, or as the gateway reports the browser's host.
 */
export function externalBaseUrl(req: Request, configured?: string): string {
  if (configured) return configured;
  const proto = req.header('x-forwarded-proto')?.split(',')[0]?.trim() || req.protocol;
  const host = req.header('x-forwarded-host')?.split(',')[0]?.trim() || req.header('host') || 'localhost';
  return `${proto}://${host}/auth/v1`;
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

export function requestMeta(req: Request, configuredExternalUrl?: string): RequestMeta {
  return {
    ip: clientIp(req),
    userAgent: req.header('user-agent')?.slice(0, 512),
    externalUrl: externalBaseUrl(req, configuredExternalUrl),
  };
}
