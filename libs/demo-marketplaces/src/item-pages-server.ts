import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { escapeHtml } from '@pt/domain';
import type { DemoCatalog, DemoProduct } from './catalog';

/**
 * The marketplaces' own item pages for the demo catalog, at the paths their listings link to
 * (`https://www.ebay.com/itm/<legacy id>`, `https://www.aliexpress.com/item/<id>.html`). A browser
 * told to resolve those hostnames to this server (Chromium's --host-resolver-rules) opens them under
 * the real hostnames, so a browser extension's production match patterns apply to them. HTTPS,
 * because the real sites and the match patterns are https; the caller brings the certificate.
 */
export interface ItemPagesServer {
  /** The loopback port the marketplace hostnames are to be mapped to. */
  port: number;
  close(): Promise<void>;
}

const ITEM_PATHS: ReadonlyArray<[RegExp, DemoProduct['marketplace'], string]> = [
  [/^\/itm\/(\d+)$/, 'ebay', 'www.ebay.com'],
  [/^\/item\/(\d+)\.html$/, 'aliexpress', 'www.aliexpress.com'],
];

function itemOf(catalog: DemoCatalog, host: string, pathname: string): DemoProduct | undefined {
  for (const [pattern, marketplace, siteHost] of ITEM_PATHS) {
    const key = pattern.exec(pathname)?.[1];
    if (key === undefined || host !== siteHost) continue;
    const product = catalog.get(key);
    return product?.marketplace === marketplace && product.key === key ? product : undefined;
  }
  return undefined;
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body>${body}</body></html>`;
}

export async function startItemPagesServer(options: {
  catalog: DemoCatalog;
  tls: { key: string; cert: string };
  now?: () => number;
}): Promise<ItemPagesServer> {
  const now = options.now ?? Date.now;
  const server = https.createServer(options.tls, (req, res) => {
    const url = new URL(req.url ?? '/', `https://${req.headers.host ?? 'localhost'}`);
    const product = itemOf(options.catalog, url.hostname, url.pathname);
    // Any other page (home, search, an ended listing) is a plain page, as on the real sites.
    const html = product
      ? page(
          product.title,
          `<h1>${escapeHtml(product.title)}</h1><p class="price">US $${options.catalog.priceAt(product.key, now()).toFixed(2)}</p>`,
        )
      : page(url.hostname, `<h1>${escapeHtml(url.hostname)}</h1><p>Demo marketplace page.</p>`);
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
