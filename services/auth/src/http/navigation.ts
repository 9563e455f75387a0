import type { Request } from 'express';

/**
 * Whether the request is the browser opening a page (a link, `location.href = …` as auth-js does
 * for social sign-in) rather than a script or an API client reading the answer. Such a request
 * gets a redirect to the site instead of a JSON error nobody can act on. Browsers say so in
 * Sec-Fetch-Mode; one that sends no Fetch Metadata is taken at its Accept header.
 */
export function isBrowserNavigation(req: Request): boolean {
  const mode = req.header('sec-fetch-mode');
  if (mode) return mode === 'navigate';
  return req.accepts(['application/json', 'text/html']) === 'text/html';
}
