import fs from 'node:fs';
import type { Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import express, { type RequestHandler } from 'express';
import type { SharedWishlist } from '@pt/contracts';
import { boundPort, closeServer, createLogger, listen } from '@pt/platform';
import { createGatewayApp, SERVICE_NAMES, sharedListLookup, type ServiceName } from '../../src';

const TOKEN = 'A'.repeat(42) + 'w';
const HOSTILE_NAME = `Gifts <script>alert("x")</script> & 'quotes'`;
const SHELL = `<!doctype html>\n<html>\n  <head>\n    <title>Price Tracker</title>\n  </head>\n  <body><div id="root"></div></body>\n</html>\n`;

/** A wishlist service that shares one list under TOKEN, and fails for the token "broken…". */
function stubWishlist(list: SharedWishlist): RequestHandler {
  const app = express();
  app.get('/api/v1/shared-wishlists/:token', (req, res) => {
    if (req.params.token === TOKEN) return res.json(list);
    if (req.params.token.startsWith('broken'))
      return res.status(500).json({ error: { code: 'boom', message: 'boom' } });
    return res.status(404).json({ error: { code: 'shared_wishlist_not_found', message: 'gone' } });
  });
  return app;
}

/**
 * Link previewers run no JavaScript: the gateway writes a shared list's Open Graph tags into the
 * page it serves for /shared/:token, reading the list through its own routing to the wishlist
 * service, and answers 404 for a token that shares nothing.
 */
describe('shared list pages (Open Graph tags)', () => {
  let server: Server;
  let url: string;
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'shared-page-'));

  beforeAll(async () => {
    fs.writeFileSync(path.join(webDist, 'index.html'), SHELL);
    const list: SharedWishlist = {
      name: HOSTILE_NAME,
      itemCount: 3,
      items: [],
    };
    const notHere: RequestHandler = (_req, res) =>
      res.status(404).json({ error: { code: 'x', message: 'x' } });
    const targets = Object.fromEntries(SERVICE_NAMES.map((name) => [name, notHere])) as Record<
      ServiceName,
      RequestHandler
    >;
    targets.wishlist = stubWishlist(list);
    const app = createGatewayApp({
      logger: createLogger({ service: 'gateway-test', level: 'silent' }),
      targets,
      webDist,
      sharedLists: sharedListLookup(() => url),
    });
    server = await listen(app, 0, '127.0.0.1');
    url = `http://127.0.0.1:${boundPort(server)}`;
  });
  afterAll(async () => {
    await closeServer(server, 1_000);
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  const page = (pathname: string) => fetch(`${url}${pathname}`, { headers: { accept: 'text/html' } });

  it('puts the list name and item count in og tags, HTML-escaped', async () => {
    const res = await page(`/shared/${TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('x-robots-tag')).toBe('noindex');
    const html = await res.text();
    const escaped = 'Gifts &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quotes&#39;';
    expect(html).toContain(`<meta property="og:title" content="${escaped}" />`);
    expect(html).toContain('<meta property="og:description" content="3 items" />');
    expect(html).toContain('<meta property="og:type" content="website" />');
    expect(html).toContain(`<meta property="og:url" content="${url}/shared/${TOKEN}" />`);
    expect(html).not.toContain('<script>alert');
    // The tags sit in the head, before the app's root.
    expect(html.indexOf('og:title')).toBeLessThan(html.indexOf('</head>'));
    expect(html).toContain('<div id="root"></div>');
  });

  it.each([
    ['an unknown (revoked) token', `/shared/${'B'.repeat(43)}`],
    ['a malformed token', '/shared/not-a-token'],
    ['an encoded token', `/shared/${encodeURIComponent('<x>')}`],
  ])('answers 404 with the app shell and no tags for %s', async (_what, pathname) => {
    const res = await page(pathname);
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('og:title');
  });

  it('serves the plain shell when the wishlist service cannot answer (the app retries and says why)', async () => {
    const res = await page(`/shared/broken${'C'.repeat(37)}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toBe(SHELL);
  });

  it('leaves other pages as the plain shell', async () => {
    const res = await page('/wishlist');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(SHELL);
  });
});
