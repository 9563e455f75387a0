import fs from 'node:fs/promises';
import path from 'node:path';
import type { SharedWishlist } from '@pt/contracts';
import { escapeHtml } from '@pt/domain';
import type { Logger } from '@pt/platform';
import type { Request, RequestHandler } from 'express';
import type { SharedListLookup } from './shared-list-lookup';

/** The web app's page of a shared list (the wishlist service's `sharedListPath`). */
export const SHARED_LIST_PAGE = /^\/shared\/([^/]+)\/?$/;

const itemCountText = (n: number): string => `${n} ${n === 1 ? 'item' : 'items'}`;

/** The page's own absolute URL (trust proxy decides whose protocol and host count). */
const pageUrl = (req: Request): string => `${req.protocol}://${req.get('host') ?? 'localhost'}${req.path}`;

/**
 * The head tags of a shared list's page. Link previewers run no JavaScript, so the name and the
 * item count must be in the HTML itself; both are the owner's text, escaped. No list is indexed.
 */
export function sharedListTags(list: SharedWishlist, url: string): string {
  const tags: Array<[string, string]> = [
    ['og:type', 'website'],
    ['og:title', list.name],
    ['og:description', itemCountText(list.itemCount)],
    ['og:url', url],
  ];
  return [
    '<meta name="robots" content="noindex" />',
    '<meta name="referrer" content="no-referrer" />',
    ...tags.map(([property, content]) => `<meta property="${property}" content="${escapeHtml(content)}" />`),
  ].join('\n    ');
}

/** `index.html` with `head` inserted before `</head>` (the build always writes one). */
export const withHead = (html: string, head: string): string =>
  html.replace('</head>', `    ${head}\n  </head>`);

/**
 * GET /shared/:token for browsers and link previewers: the SPA shell with the list's Open Graph
 * tags, or the shell with 404 when no list is shared under the token (the SPA then shows its
 * not-found page). When the wishlist service cannot answer, the plain shell: the SPA asks again
 * and says what went wrong, which beats a link that looks dead.
 */
export function sharedListPage(webDist: string, lookup: SharedListLookup, logger: Logger): RequestHandler {
  const indexFile = path.join(webDist, 'index.html');
  return async (req, res, next) => {
    const match = SHARED_LIST_PAGE.exec(req.path);
    if (!match || !req.accepts('html')) return next();
    try {
      const html = await fs.readFile(indexFile, 'utf8');
      let list: SharedWishlist | undefined;
      try {
        // Tokens are base64url: passed on as written, so an encoded one names no list.
        list = await lookup(match[1] ?? '');
      } catch (error) {
        logger.warn({ err: error }, 'shared list lookup failed; serving the page without its tags');
        res.setHeader('Cache-Control', 'no-cache');
        return res.type('html').send(html);
      }
      res.setHeader('Cache-Control', 'no-store');
      res.setHeader('Referrer-Policy', 'no-referrer');
      res.setHeader('X-Robots-Tag', 'noindex');
      if (!list) return res.status(404).type('html').send(html);
      return res.type('html').send(withHead(html, sharedListTags(list, pageUrl(req))));
    } catch (error) {
      return next(error);
    }
  };
}
