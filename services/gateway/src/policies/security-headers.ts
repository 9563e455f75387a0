import type { RequestHandler } from 'express';
import helmet from 'helmet';

/**
 * Content Security Policy for the web app and the API (issue 13 item 3). Scripts only from the
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

/** Two years, as browsers' preload lists expect. */
const HSTS = 'max-age=63072000; includeSubDomains';

/**
 * helmet on every response: CSP, nosniff, Referrer-Policy, frame-ancestors 'none' (+ X-Frame-Options
 * for old browsers). HSTS only when the request came over HTTPS (directly, or through a trusted
 * proxy's X-Forwarded-Proto): over plain http it would be ignored, and on localhost harmful.
 */
export function securityHeaders(): RequestHandler {
  const base = helmet({
    contentSecurityPolicy: { useDefaults: true, directives: CONTENT_SECURITY_POLICY },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: false,
    frameguard: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
  });
  return (req, res, next) => {
    if (req.secure) res.setHeader('Strict-Transport-Security', HSTS);
    base(req, res, next);
  };
}
