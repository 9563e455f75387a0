import { timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { DemoCatalog } from './catalog';
import { readBody, sendJson } from './http-util';

/**
 * The demo marketplaces' control endpoint (demo control), on loopback next to the two
 * servers: `PUT /demo/v1/products/:id/price {price}` pins a listing's USD price, `DELETE` unpins
 * it; `PUT /demo/v1/products/:id/availability {available}` makes it gone (its item calls answer
 * not found, as for a listing no longer on sale) or back. A bearer token generated at start guards it, so only the host that started the demo (and
 * handed the token to its services) can move prices.
 */
export function createDemoControlServer(options: {
  catalog: DemoCatalog;
  token: string;
  /** Called after each pin or unpin, before it is answered (a process keeping pins across restarts). */
  onPinsChange?: (pins: Record<string, number>) => void;
  /** Called with every product key made unavailable after each availability change. */
  onAvailabilityChange?: (unavailable: string[]) => void;
}): Server {
  const changed = () => options.onPinsChange?.(options.catalog.pinnedPrices());
  const expected = Buffer.from(`Bearer ${options.token}`);
  return createServer((req, res) => {
    const setAvailability = async (id: string) => {
      let available: unknown;
      try {
        available = (JSON.parse(await readBody(req, 10_000)) as { available?: unknown }).available;
      } catch {
        return sendJson(res, 400, { error: { code: 'bad_request', message: 'Malformed JSON body' } });
      }
      if (typeof available !== 'boolean')
        return sendJson(res, 400, {
          error: { code: 'bad_request', message: 'available must be true or false' },
        });
      const product = options.catalog.setAvailable(id, available);
      if (!product)
        return sendJson(res, 404, { error: { code: 'not_found', message: 'No such demo product' } });
      options.onAvailabilityChange?.(options.catalog.unavailableKeys());
      return sendJson(res, 200, { productId: id, marketplace: product.marketplace, available });
    };
    void (async () => {
      const given = Buffer.from(req.headers.authorization ?? '');
      if (given.length !== expected.length || !timingSafeEqual(given, expected))
        return sendJson(res, 401, { error: { code: 'unauthorized', message: 'Bad control token' } });
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      const availability = /^\/demo\/v1\/products\/([^/]+)\/availability$/.exec(path);
      if (availability && req.method === 'PUT')
        return setAvailability(decodeURIComponent(availability[1] as string));
      const match = /^\/demo\/v1\/products\/([^/]+)\/price$/.exec(path);
      if (!match || (req.method !== 'PUT' && req.method !== 'DELETE'))
        return sendJson(res, 404, { error: { code: 'not_found', message: 'No such control route' } });
      const id = decodeURIComponent(match[1] as string);
      if (req.method === 'DELETE') {
        const product = options.catalog.unpin(id);
        if (!product)
          return sendJson(res, 404, { error: { code: 'not_found', message: 'No such demo product' } });
        changed();
        return sendJson(res, 200, { productId: id, marketplace: product.marketplace, pinnedPrice: null });
      }
      let price: unknown;
      try {
        price = (JSON.parse(await readBody(req, 10_000)) as { price?: unknown }).price;
      } catch {
        return sendJson(res, 400, { error: { code: 'bad_request', message: 'Malformed JSON body' } });
      }
      if (typeof price !== 'number' || !Number.isFinite(price) || price <= 0 || price > 1_000_000)
        return sendJson(res, 400, {
          error: { code: 'bad_request', message: 'price must be a number above 0' },
        });
      const product = options.catalog.pin(id, price);
      if (!product)
        return sendJson(res, 404, { error: { code: 'not_found', message: 'No such demo product' } });
      changed();
      return sendJson(res, 200, {
        productId: id,
        marketplace: product.marketplace,
        pinnedPrice: options.catalog.pinnedPrice(id) ?? null,
      });
    })().catch(() => sendJson(res, 500, { error: { code: 'internal_error', message: 'control failed' } }));
  });
}
