import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DemoCatalog, DemoProduct } from './catalog';
import { hash32 } from './random';

/**
 * Product pictures the demo marketplaces draw themselves, so `npm start` shows real-looking cards
 * with no network: a small SVG per (product, image number) — the category's silhouette in the
 * product's colour on a tinted background, with the brand and the kind of thing as a label. A pure
 * function of the product, so the same URL always answers the same bytes (and may be cached).
 */

/** Where a demo server serves its images: `/images/<product key>/<n>.svg`. */
export const DEMO_IMAGE_PATH = /^\/images\/(\d{6,20})\/(\d)\.svg$/;

export function demoImagePath(key: string, n: number): string {
  return `/images/${key}/${n}.svg`;
}

const COLOR_HEX: Readonly<Record<string, string>> = {
  Black: '#2b2d31',
  White: '#f4f4f2',
  Blue: '#2f6fd6',
  Red: '#d23c3c',
  Green: '#2f9e5b',
  Grey: '#8a8f98',
  Pink: '#e67fa8',
  Silver: '#c3c7cc',
  Gold: '#d4a63a',
  Navy: '#24345e',
};

/** The silhouette of each category, drawn in a 200×200 box centred at (100, 95). */
const SILHOUETTES: Readonly<Record<string, (fill: string, accent: string) => string>> = {
  electronics: (fill, accent) =>
    `<rect x="45" y="40" width="110" height="110" rx="14" fill="${fill}"/>` +
    `<rect x="57" y="52" width="86" height="70" rx="4" fill="${accent}"/>` +
    `<circle cx="100" cy="136" r="6" fill="${accent}"/>`,
  home: (fill, accent) =>
    `<path d="M55 55h80v70a25 25 0 0 1-25 25H80a25 25 0 0 1-25-25z" fill="${fill}"/>` +
    `<path d="M135 70h10a18 18 0 0 1 0 36h-10v-10h10a8 8 0 0 0 0-16h-10z" fill="${fill}"/>` +
    `<rect x="55" y="55" width="80" height="10" fill="${accent}"/>`,
  fashion: (fill, accent) =>
    `<path d="M75 40l25 12 25-12 40 25-15 25-15-8v75H65V82l-15 8-15-25z" fill="${fill}"/>` +
    `<path d="M88 46q12 14 24 0" stroke="${accent}" stroke-width="4" fill="none"/>`,
  toys: (fill, accent) =>
    `<rect x="45" y="95" width="50" height="50" rx="6" fill="${fill}"/>` +
    `<rect x="105" y="95" width="50" height="50" rx="6" fill="${accent}"/>` +
    `<rect x="75" y="45" width="50" height="50" rx="6" fill="${fill}"/>` +
    `<circle cx="88" cy="45" r="6" fill="${fill}"/><circle cx="112" cy="45" r="6" fill="${fill}"/>`,
  sports: (fill, accent) =>
    `<circle cx="100" cy="95" r="55" fill="${fill}"/>` +
    `<path d="M45 95h110M100 40v110M62 55q38 40 0 80M138 55q-38 40 0 80" stroke="${accent}" stroke-width="4" fill="none"/>`,
  beauty: (fill, accent) =>
    `<rect x="88" y="35" width="24" height="22" rx="3" fill="${accent}"/>` +
    `<rect x="70" y="57" width="60" height="95" rx="16" fill="${fill}"/>` +
    `<rect x="80" y="85" width="40" height="30" rx="4" fill="${accent}"/>`,
  automotive: (fill, accent) =>
    `<path d="M35 115l12-35q5-12 18-12h70q13 0 18 12l12 35v25H35z" fill="${fill}"/>` +
    `<path d="M62 80h76l8 25H54z" fill="${accent}"/>` +
    `<circle cx="65" cy="140" r="14" fill="#333"/><circle cx="135" cy="140" r="14" fill="#333"/>`,
  garden: (fill, accent) =>
    `<path d="M100 150V80" stroke="${accent}" stroke-width="6"/>` +
    `<path d="M100 95q-50-5-50-55 50 0 50 55zM100 85q45-5 45-50-45 5-45 50z" fill="${fill}"/>` +
    `<path d="M70 150h60l-8 -25H78z" fill="${accent}"/>`,
};

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Light tints of a hue, so a white or silver product still stands out from its background. */
function background(hue: number, variant: number): [string, string] {
  const light = 93 - variant * 3;
  return [`hsl(${hue} 45% ${light}%)`, `hsl(${(hue + 40) % 360} 45% ${light - 8}%)`];
}

/** The SVG of a product's n-th picture (n from 0): under 2 KB, no external references. */
export function productImageSvg(product: DemoProduct, n: number): string {
  const hash = hash32(`${product.key}:${n}`);
  const hue = hash % 360;
  const [from, to] = background(hue, n % 3);
  const fill = COLOR_HEX[product.color] ?? '#777777';
  const accent = product.color === 'White' || product.color === 'Silver' ? '#5b6470' : '#ffffff';
  const draw = SILHOUETTES[product.category.slug] ?? SILHOUETTES.electronics;
  // Later pictures are the same product seen a little turned and closer.
  const angle = n === 0 ? 0 : ((hash >>> 9) % 21) - 10;
  const scale = n === 0 ? 1 : 1.08;
  const label = escapeXml(product.noun.length > 22 ? `${product.noun.slice(0, 21)}…` : product.noun);
  const brand = escapeXml(product.brand);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="500" height="500" viewBox="0 0 200 200" role="img">` +
    `<title>${brand} ${label}</title>` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    `<rect width="200" height="200" fill="url(#g)"/>` +
    `<ellipse cx="100" cy="158" rx="60" ry="7" fill="#000" opacity=".08"/>` +
    `<g transform="rotate(${angle} 100 95) translate(100 95) scale(${scale}) translate(-100 -95)">${draw(fill, accent)}</g>` +
    `<text x="100" y="180" text-anchor="middle" font-family="system-ui,sans-serif" font-size="12" font-weight="600" fill="#333">${label}</text>` +
    `<text x="100" y="194" text-anchor="middle" font-family="system-ui,sans-serif" font-size="9" fill="#666">${brand}</text>` +
    `</svg>`
  );
}

/** A day, and immutable: an image URL names one product's n-th picture forever. */
const IMAGE_CACHE_CONTROL = 'public, max-age=86400, immutable';

/**
 * Answers GET/HEAD `/images/<key>/<n>.svg` for a product of `marketplace`; false when the path is
 * not an image path (the server routes it on). Like a marketplace's CDN: no token, no faults, not
 * in the request log (the browser fetches these, never the services).
 */
export function serveDemoImage(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  catalog: DemoCatalog,
  marketplace: DemoProduct['marketplace'],
): boolean {
  const match = DEMO_IMAGE_PATH.exec(path);
  if (!match) return false;
  const product = catalog.get(match[1] as string);
  const n = Number(match[2]);
  const found = product?.marketplace === marketplace && product.key === match[1] && n < product.images.length;
  if (!found || (req.method !== 'GET' && req.method !== 'HEAD')) {
    const body = JSON.stringify({ error: { code: 'not_found', message: 'No such image' } });
    res.writeHead(found ? 405 : 404, {
      'Content-Type': 'application/json',
      'Content-Length': Buffer.byteLength(body),
    });
    res.end(body);
    return true;
  }
  const svg = productImageSvg(product, n);
  const etag = `"${hash32(svg).toString(36)}"`;
  const headers = {
    'Content-Type': 'image/svg+xml; charset=utf-8',
    'Cache-Control': IMAGE_CACHE_CONTROL,
    ETag: etag,
    // An SVG opened on its own runs no script and loads nothing.
    'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
    'X-Content-Type-Options': 'nosniff',
    'Cross-Origin-Resource-Policy': 'cross-origin',
  };
  if (req.headers['if-none-match'] === etag) {
    res.writeHead(304, headers);
    res.end();
    return true;
  }
  res.writeHead(200, { ...headers, 'Content-Length': Buffer.byteLength(svg) });
  res.end(req.method === 'HEAD' ? undefined : svg);
  return true;
}
