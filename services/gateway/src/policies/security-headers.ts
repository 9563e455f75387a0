import type { Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';

/**
 * Content Security Policy for the web app and the API. Scripts only from the
 * gateway's own origin (Vite emits external module scripts, no inline ones); inline styles stay
 * allowed because UI libraries set style attributes. Product images come from the marketplaces'
 * CDNs over https. Nothing may frame the app (clickjacking).
 */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'https:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  // helmet adds upgrade-insecure-requests by default; it breaks plain-http installs (npm start).
  upgradeInsecureRequests: null,
};

/**
 * DEMO_IMAGE_ORIGINS: the origins the demo marketplaces serve product pictures from, set by the
 * hosts that start them (never by hand). They are plain http on loopback, which `https:` does not
 * cover, so each is allowed by its exact origin and nothing else is; anything that is not an http
 * origin is dropped rather than widening the policy.
 */
export function demoImageOrigins(value: string | undefined): string[] {
  const origins = new Set<string>();
  for (const item of (value ?? '').split(',')) {
    try {
      const url = new URL(item.trim());
      if ((url.protocol === 'http:' || url.protocol === 'https:') && url.origin === item.trim())
        origins.add(url.origin);
    } catch {
      // not a URL: ignored
    }
  }
  return [...origins];
}

/** Two years, as browsers' preload lists expect. */
const HSTS = 'max-age=63072000; includeSubDomains';

/**
 * helmet on every response: CSP, nosniff, Referrer-Policy, frame-ancestors 'none' (+ X-Frame-Options
 * for old browsers). HSTS only when the request came over HTTPS (directly, or through a trusted
 * proxy's X-Forwarded-Proto): over plain http it would be ignored, and on localhost harmful.
 */
export function securityHeaders(imageOrigins: readonly string[] = []): RequestHandler {
  const directives = {
    ...CONTENT_SECURITY_POLICY,
    imgSrc: [...CONTENT_SECURITY_POLICY.imgSrc, ...imageOrigins],
  };
  const headers = staticHeadersOf(
    helmet({
      contentSecurityPolicy: { useDefaults: true, directives },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      strictTransportSecurity: false,
      frameguard: { action: 'deny' },
      crossOriginEmbedderPolicy: false,
    }),
  );
  return (req, res, next) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    if (req.secure) res.setHeader('Strict-Transport-Security', HSTS);
    next();
  };
}

/**
 * The headers a middleware sets when none depends on the request (ours: no nonce, no per-request
 * directive), taken once at start-up. helmet runs a dozen middlewares per response otherwise, a
 * measurable share of a proxied API call (bench:gateway).
 */
function staticHeadersOf(middleware: RequestHandler): [string, string][] {
  const headers = new Map<string, string>();
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) =>
      headers.set(name, Array.isArray(value) ? value.join(', ') : String(value)),
    removeHeader: (name: string) => headers.delete(name),
    getHeader: (name: string) => headers.get(name),
  };
  let done = false;
  middleware({ headers: {}, secure: false } as Request, res as unknown as Response, () => {
    done = true;
  });
  if (!done) throw new Error('security headers: the middleware did not finish synchronously');
  return [...headers];
}
