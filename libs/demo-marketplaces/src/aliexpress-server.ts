import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { convertUsd, matchesQuery, type DemoCatalog, type DemoProduct } from './catalog';
import type { DemoClock } from './clock';
import type { DemoFaults, DemoRequestLog, FaultKind } from './faults';
import { Delays, readBody, sendJson, sendRaw } from './http-util';
import { serveDemoImage } from './product-image';

export interface AliExpressDemoOptions {
  catalog: DemoCatalog;
  clock: DemoClock;
  faults: DemoFaults;
  requests: DemoRequestLog;
  delays: Delays;
  appKey: string;
  appSecret: string;
}

export const ALIEXPRESS_DEMO_PATH = '/sync';
const MAX_SKEW_MS = 7_200_000;
const TARGET_CURRENCIES = [
  'USD',
  'GBP',
  'CAD',
  'EUR',
  'UAH',
  'MXN',
  'TRY',
  'RUB',
  'BRL',
  'AUD',
  'INR',
  'JPY',
  'IDR',
  'SEK',
  'KRW',
];

const requestId = () => randomBytes(7).toString('hex');
const errorResponse = (code: string, msg: string, type = 'ISV') => ({
  error_response: { type, code, msg, request_id: requestId() },
});

/**
 * Written from the reference, independently of the client's signing code, so a client bug cannot
 * be mirrored here: all params but sign, sorted by name, name+value concatenated; HMAC-SHA256 with
 * the secret, or MD5(secret + string + secret); uppercase hex.
 */
function expectedSign(params: Record<string, string>, secret: string): string | undefined {
  const text = Object.keys(params)
    .filter((k) => k !== 'sign')
    .sort()
    .map((k) => k + params[k])
    .join('');
  if (params.sign_method === 'sha256')
    return createHmac('sha256', secret).update(text).digest('hex').toUpperCase();
  if (params.sign_method === 'md5')
    return createHash('md5')
      .update(secret + text + secret)
      .digest('hex')
      .toUpperCase();
  return undefined;
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** epoch ms, ISO 8601, or TOP's "yyyy-MM-dd HH:mm:ss" in GMT+8. */
function parseTimestamp(value: string): number | undefined {
  if (/^\d{10,}$/.test(value)) return Number(value);
  const top = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(value);
  if (top)
    return Date.UTC(
      Number(top[1]),
      Number(top[2]) - 1,
      Number(top[3]),
      Number(top[4]) - 8,
      Number(top[5]),
      Number(top[6]),
    );
  const iso = Date.parse(value);
  return Number.isNaN(iso) ? undefined : iso;
}

/** An AliExpress-affiliate-shaped TOP gateway: signed GET or POST form calls to /sync. */
export function createAliExpressDemoServer(options: AliExpressDemoOptions): Server {
  const { catalog, clock, faults, requests, delays } = options;
  const products = catalog.byMarketplace('aliexpress');

  function record(
    req: IncomingMessage,
    url: URL,
    operation: string,
    status: number,
    params: Record<string, string>,
    fault?: FaultKind,
  ): void {
    requests.record({
      marketplace: 'aliexpress',
      operation,
      method: req.method ?? 'GET',
      path: url.pathname,
      status,
      at: clock.now(),
      params,
      ...(fault ? { fault } : {}),
    });
  }

  function productRecord(
    product: DemoProduct,
    params: Record<string, string>,
    now: number,
    origin: string,
  ): Record<string, unknown> {
    const currency = TARGET_CURRENCIES.includes((params.target_currency ?? '').toUpperCase())
      ? (params.target_currency as string).toUpperCase()
      : 'USD';
    const price = catalog.priceAt(product.key, now);
    const original = catalog.originalPriceAt(product.key, now) ?? price;
    const discount = original > price ? Math.round(((original - price) / original) * 100) : 0;
    return {
      product_id: Number(product.key),
      product_title: product.title,
      target_sale_price: convertUsd(price, currency).toFixed(2),
      target_sale_price_currency: currency,
      target_original_price: convertUsd(original, currency).toFixed(2),
      target_original_price_currency: currency,
      sale_price: price.toFixed(2),
      sale_price_currency: 'USD',
      original_price: original.toFixed(2),
      original_price_currency: 'USD',
      discount: `${discount}%`,
      product_main_image_url: `${origin}${product.images[0]}`,
      product_small_image_urls: { string: product.images.slice(1).map((path) => `${origin}${path}`) },
      product_detail_url: `https://www.aliexpress.com/item/${product.key}.html`,
      ...(params.tracking_id
        ? {
            promotion_link: `https://s.click.aliexpress.com/e/_demo${product.key.slice(-8)}?tracking_id=${encodeURIComponent(params.tracking_id)}`,
          }
        : {}),
      evaluate_rate: product.evaluateRate === undefined ? '' : `${product.evaluateRate}%`,
      lastest_volume: product.volume,
      shop_id: Number(product.shop.id),
      shop_url: product.shop.url,
      first_level_category_id: Number(product.category.aliexpressCategoryId),
      first_level_category_name: product.category.name,
      commission_rate: '7.0%',
      // Not in the affiliate reference: shipping as some responses carry it (the client reads it when present).
      shipping_fee: convertUsd(product.shippingCost, currency).toFixed(2),
      shipping_options: {
        shipping_option: product.shippingAlternatives.map((fee) => ({
          shipping_fee: convertUsd(fee, currency).toFixed(2),
          delivery_days: product.shipDays,
        })),
      },
      ship_to_days: product.shipDays,
    };
  }

  type Reply = { status: number; body: unknown };
  const ok = (method: string, result: unknown): Reply => ({
    status: 200,
    body: {
      [`${method.replace(/\./g, '_')}_response`]: {
        resp_result: { resp_code: 200, resp_msg: 'Call succeeds', result },
        request_id: requestId(),
      },
    },
  });
  const empty = (method: string): Reply => ({
    status: 200,
    body: {
      [`${method.replace(/\./g, '_')}_response`]: {
        resp_result: { resp_code: 405, resp_msg: 'The result is empty' },
        request_id: requestId(),
      },
    },
  });

  function query(method: string, params: Record<string, string>, hot: boolean, origin: string): Reply {
    const now = clock.now();
    const currency = TARGET_CURRENCIES.includes((params.target_currency ?? '').toUpperCase())
      ? (params.target_currency as string).toUpperCase()
      : 'USD';
    const categories = (params.category_ids ?? '')
      .split(',')
      .map((c) => c.trim())
      .filter(Boolean);
    // min/max_sale_price in cents of the target currency (3141 = 31.41), as the older docs describe.
    const min = params.min_sale_price ? Number(params.min_sale_price) / 100 : undefined;
    const max = params.max_sale_price ? Number(params.max_sale_price) / 100 : undefined;
    // Prices are a pure function of (product, time); work them out once per request, not per comparison.
    const usdPrices = new Map<DemoProduct, { price: number; original?: number }>();
    const usd = (p: DemoProduct) => {
      let entry = usdPrices.get(p);
      if (!entry) {
        entry = { price: catalog.priceAt(p.key, now), original: catalog.originalPriceAt(p.key, now) };
        usdPrices.set(p, entry);
      }
      return entry;
    };
    const priceOf = (p: DemoProduct) => convertUsd(usd(p).price, currency);
    const discountOf = (p: DemoProduct) => {
      const { price, original } = usd(p);
      return original ? (original - price) / original : 0;
    };
    const isHot = (p: DemoProduct) => p.volume > 2_000 || discountOf(p) >= 0.3;
    let matches = products.filter(
      (p) =>
        matchesQuery(p, params.keywords) &&
        catalog.isAvailable(p.key) &&
        (categories.length === 0 || categories.includes(p.category.aliexpressCategoryId)) &&
        (min === undefined || priceOf(p) >= min) &&
        (max === undefined || priceOf(p) <= max) &&
        (!hot || isHot(p)),
    );
    const sorters: Record<string, (a: DemoProduct, b: DemoProduct) => number> = {
      SALE_PRICE_ASC: (a, b) => priceOf(a) - priceOf(b),
      SALE_PRICE_DESC: (a, b) => priceOf(b) - priceOf(a),
      LAST_VOLUME_ASC: (a, b) => a.volume - b.volume,
      LAST_VOLUME_DESC: (a, b) => b.volume - a.volume,
      DISCOUNT_ASC: (a, b) => discountOf(a) - discountOf(b),
      DISCOUNT_DESC: (a, b) => discountOf(b) - discountOf(a),
    };
    const sorter = sorters[params.sort ?? ''];
    if (sorter) matches = [...matches].sort(sorter);
    const pageSize = Math.min(50, Math.max(1, Number(params.page_size) || 20));
    const pageNo = Math.max(1, Number(params.page_no) || 1);
    const page = matches.slice((pageNo - 1) * pageSize, pageNo * pageSize);
    if (page.length === 0) return empty(method);
    return ok(method, {
      current_page_no: pageNo,
      current_record_count: page.length,
      total_record_count: matches.length,
      products: { product: page.map((p) => productRecord(p, params, now, origin)) },
    });
  }

  function details(method: string, params: Record<string, string>, origin: string): Reply {
    const now = clock.now();
    const ids = (params.product_ids ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const found = ids
      .map((id) => catalog.listed(id))
      .filter((p): p is DemoProduct => p !== undefined && p.marketplace === 'aliexpress');
    if (found.length === 0) return empty(method);
    return ok(method, {
      current_record_count: found.length,
      products: { product: found.map((p) => productRecord(p, params, now, origin)) },
    });
  }

  async function handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const params: Record<string, string> = Object.fromEntries(url.searchParams);
    if (req.method === 'POST')
      Object.assign(params, Object.fromEntries(new URLSearchParams(await readBody(req))));
    const method = params.method ?? '';
    const send = (status: number, body: unknown, fault?: FaultKind) => {
      record(req, url, method || 'unknown', status, params, fault);
      sendJson(res, status, body);
    };
    if (url.pathname !== ALIEXPRESS_DEMO_PATH)
      return send(404, errorResponse('InvalidApiPath', 'The specified API path is invalid'));
    if (req.method !== 'GET' && req.method !== 'POST')
      return send(405, errorResponse('InvalidMethod', 'Only GET and POST are supported'));

    const fault = faults.take('aliexpress', 'api');
    switch (fault?.kind) {
      case 'slow':
        await delays.wait(fault.delayMs ?? 2_000);
        break;
      case '429':
        return send(
          200,
          errorResponse(
            'ApiCallLimit',
            `Api access frequency exceeds the limit. this ban will last ${fault.retryAfterS ?? 1} seconds`,
          ),
          '429',
        );
      case '500':
        return send(
          500,
          errorResponse('ServiceUnavailable', 'The service is temporarily unavailable', 'SYSTEM'),
          '500',
        );
      case 'malformed':
        record(req, url, method || 'unknown', 200, params, 'malformed');
        return sendRaw(
          res,
          200,
          '{"aliexpress_affiliate_product_query_response":{"resp_result":{"resp_code":200,"result":{"products":{"product":[{"product_id":10050',
        );
      case 'bad-signature':
        return send(
          200,
          errorResponse(
            'IncompleteSignature',
            'The request signature does not conform to platform standards',
          ),
          'bad-signature',
        );
      case 'none':
      case undefined:
        break;
    }

    if (!params.app_key) return send(200, errorResponse('MissingAppKey', 'Missing app key'));
    if (params.app_key !== options.appKey)
      return send(200, errorResponse('InvalidAppKey', 'Invalid app key'));
    if (!params.sign) return send(200, errorResponse('MissingSignature', 'Missing signature'));
    const expected = expectedSign(params, options.appSecret);
    if (!expected) return send(200, errorResponse('InvalidSignMethod', 'Invalid sign method'));
    if (!sameText(expected, params.sign.toUpperCase())) {
      return send(
        200,
        errorResponse('IncompleteSignature', 'The request signature does not conform to platform standards'),
      );
    }
    const timestamp = parseTimestamp(params.timestamp ?? '');
    const skewOk = (reference: number) =>
      timestamp !== undefined && Math.abs(timestamp - reference) <= MAX_SKEW_MS;
    if (!skewOk(clock.now()) && !skewOk(Date.now()))
      return send(
        200,
        errorResponse('InvalidTimestamp', 'Invalid timestamp: more than 7200 seconds from the server time'),
      );

    let result: Reply;
    switch (method) {
      case 'aliexpress.affiliate.product.query':
        result = query(method, params, false, url.origin);
        break;
      case 'aliexpress.affiliate.hotproduct.query':
        result = query(method, params, true, url.origin);
        break;
      case 'aliexpress.affiliate.productdetail.get':
        result = details(method, params, url.origin);
        break;
      default:
        return send(200, errorResponse('InvalidMethod', `Invalid method: ${method}`));
    }
    send(result.status, result.body);
  }

  return createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? '127.0.0.1'}`);
    if (serveDemoImage(req, res, url.pathname, catalog, 'aliexpress')) return;
    handle(req, res, url).catch((error: unknown) => {
      record(req, url, 'unknown', 500, {});
      sendJson(res, 500, errorResponse('InternalError', String(error), 'SYSTEM'));
    });
  });
}
