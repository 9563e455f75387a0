import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { convertUsd, matchesQuery, toUsd, type DemoCatalog, type DemoProduct } from './catalog';
import type { DemoClock } from './clock';
import type { DemoFaults, DemoRequestLog, FaultKind } from './faults';
import { Delays, readBody, sendJson, sendRaw } from './http-util';
import { serveDemoImage } from './product-image';

export interface EbayDemoOptions {
  catalog: DemoCatalog;
  clock: DemoClock;
  faults: DemoFaults;
  requests: DemoRequestLog;
  delays: Delays;
  clientId: string;
  clientSecret: string;
  /** Token lifetime, seconds. Default 7,200 (2 h) like eBay. */
  tokenTtlS: number;
  /** Whether the Limited Release getItems call is allowed (else 403 errorId 1100). Default true. */
  getItemsGranted: boolean;
}

const BROWSE = '/buy/browse/v1';
const SITE_CURRENCY: Readonly<Record<string, string>> = {
  EBAY_US: 'USD',
  EBAY_CA: 'CAD',
  EBAY_GB: 'GBP',
  EBAY_AU: 'AUD',
  EBAY_DE: 'EUR',
  EBAY_FR: 'EUR',
  EBAY_IT: 'EUR',
  EBAY_ES: 'EUR',
  EBAY_NL: 'EUR',
  EBAY_JP: 'JPY',
};
const SITE_HOST: Readonly<Record<string, string>> = {
  EBAY_US: 'www.ebay.com',
  EBAY_CA: 'www.ebay.ca',
  EBAY_GB: 'www.ebay.co.uk',
  EBAY_AU: 'www.ebay.com.au',
  EBAY_DE: 'www.ebay.de',
  EBAY_FR: 'www.ebay.fr',
  EBAY_IT: 'www.ebay.it',
  EBAY_ES: 'www.ebay.es',
  EBAY_NL: 'www.ebay.nl',
  EBAY_JP: 'www.ebay.com',
};

interface EbayErrorItem {
  errorId: number;
  domain: string;
  category: 'REQUEST' | 'BUSINESS' | 'APPLICATION';
  message: string;
  longMessage?: string;
  parameters?: Array<{ name: string; value: string }>;
}

const errors = (...items: EbayErrorItem[]) => ({ errors: items });
const requestError = (
  errorId: number,
  message: string,
  parameter?: { name: string; value: string },
): EbayErrorItem => ({
  errorId,
  domain: 'API_BROWSE',
  category: 'REQUEST',
  message,
  longMessage: message,
  ...(parameter ? { parameters: [parameter] } : {}),
});

interface Context {
  site: string;
  currency: string;
  campaignId?: string;
  now: number;
}

/** An eBay-shaped server: OAuth client-credentials token endpoint and the Browse item/search calls. */
export function createEbayDemoServer(options: EbayDemoOptions): Server {
  const { catalog, clock, faults, requests, delays } = options;
  const tokens = new Map<string, number>();
  const ebayProducts = catalog.byMarketplace('ebay');

  function record(
    req: IncomingMessage,
    url: URL,
    operation: string,
    status: number,
    fault?: FaultKind,
  ): void {
    requests.record({
      marketplace: 'ebay',
      operation,
      method: req.method ?? 'GET',
      path: url.pathname,
      status,
      at: clock.now(),
      ...(fault ? { fault } : {}),
      ebayMarketplaceId: header(req, 'x-ebay-c-marketplace-id'),
      endUserContext: header(req, 'x-ebay-c-enduserctx'),
      params: Object.fromEntries(url.searchParams),
    });
  }

  function reply(
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    operation: string,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ): void {
    record(req, url, operation, status);
    sendJson(res, status, body, headers);
  }

  /** Applies a pending fault; true when it answered the request itself. */
  async function applyFault(
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    operation: string,
    call: 'api' | 'token',
  ): Promise<boolean> {
    const fault = faults.take('ebay', call);
    if (!fault) return false;
    switch (fault.kind) {
      case 'slow':
        await delays.wait(fault.delayMs ?? 2_000);
        return false;
      case '429': {
        record(req, url, operation, 429, '429');
        const headers: Record<string, string> =
          fault.retryAfterS !== undefined ? { 'Retry-After': String(fault.retryAfterS) } : {};
        sendJson(
          res,
          429,
          errors({
            errorId: 2001,
            domain: 'ACCESS',
            category: 'REQUEST',
            message: 'Too many requests.',
            longMessage: 'The request limit has been reached for the resource.',
          }),
          headers,
        );
        return true;
      }
      case '500':
        record(req, url, operation, 500, '500');
        sendJson(
          res,
          500,
          errors({
            errorId: 12000,
            domain: 'API_BROWSE',
            category: 'APPLICATION',
            message:
              'There was a problem with an eBay internal system or process. Contact eBay developer support for assistance.',
          }),
        );
        return true;
      case 'malformed':
        record(req, url, operation, 200, 'malformed');
        sendRaw(
          res,
          200,
          '{"href":"https://api.ebay.com/buy/browse/v1/item_summary/search","total":12,"itemSummaries":[{"itemId":"v1|2851',
        );
        return true;
      case 'bad-signature':
        record(req, url, operation, 401, 'bad-signature');
        sendJson(res, 401, invalidToken());
        return true;
      case 'none':
        return false;
    }
  }

  async function token(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    if (await applyFault(req, res, url, 'token', 'token')) return;
    const body = new URLSearchParams(await readBody(req));
    const auth = header(req, 'authorization') ?? '';
    const [scheme, encoded] = auth.split(' ');
    const [id, secret] = Buffer.from(encoded ?? '', 'base64')
      .toString('utf8')
      .split(':');
    if (scheme !== 'Basic' || id !== options.clientId || secret !== options.clientSecret) {
      return reply(req, res, url, 'token', 401, {
        error: 'invalid_client',
        error_description: 'client authentication failed',
      });
    }
    if (!(header(req, 'content-type') ?? '').startsWith('application/x-www-form-urlencoded')) {
      return reply(req, res, url, 'token', 400, {
        error: 'invalid_request',
        error_description: 'request is missing a required parameter or malformed',
      });
    }
    if (body.get('grant_type') !== 'client_credentials') {
      return reply(req, res, url, 'token', 400, {
        error: 'unsupported_grant_type',
        error_description: 'grant type in request is not supported by the authorization server',
      });
    }
    const value = `v^1.1#i^1#demo#${randomBytes(24).toString('base64url')}`;
    tokens.set(value, clock.now() + options.tokenTtlS * 1000);
    reply(req, res, url, 'token', 200, {
      access_token: value,
      expires_in: options.tokenTtlS,
      token_type: 'Application Access Token',
    });
  }

  function invalidToken() {
    return errors({
      errorId: 1001,
      domain: 'OAuth',
      category: 'REQUEST',
      message: 'Invalid access token',
      longMessage: 'Invalid access token. Check the value of the Authorization HTTP request header.',
    });
  }

  /** Bearer check: 400/1002 without a token, 401/1001 for an unknown or expired one. */
  function authorised(req: IncomingMessage, res: ServerResponse, url: URL, operation: string): boolean {
    const auth = header(req, 'authorization');
    if (!auth || !auth.startsWith('Bearer ')) {
      reply(
        req,
        res,
        url,
        operation,
        400,
        errors({
          errorId: 1002,
          domain: 'OAuth',
          category: 'REQUEST',
          message: 'Missing access token',
          longMessage: 'Access token is missing in the Authorization HTTP request header.',
        }),
      );
      return false;
    }
    const expiresAt = tokens.get(auth.slice('Bearer '.length));
    if (expiresAt === undefined || expiresAt <= clock.now()) {
      reply(req, res, url, operation, 401, invalidToken());
      return false;
    }
    return true;
  }

  function context(req: IncomingMessage): Context {
    const site = (header(req, 'x-ebay-c-marketplace-id') ?? 'EBAY_US').trim();
    const ctx = header(req, 'x-ebay-c-enduserctx') ?? '';
    const campaignId = /affiliateCampaignId=([^,]+)/.exec(ctx)?.[1];
    return {
      site: SITE_CURRENCY[site] ? site : 'EBAY_US',
      currency: SITE_CURRENCY[site] ?? 'USD',
      ...(campaignId ? { campaignId } : {}),
      now: clock.now(),
    };
  }

  function amount(usd: number, ctx: Context) {
    return { value: convertUsd(usd, ctx.currency).toFixed(2), currency: ctx.currency };
  }

  /**
   * The item price as Browse quotes it: converted to the site's currency, with the seller's own
   * price in convertedFromValue/Currency when eBay converted (reference §1). Demo listings are
   * listed in USD.
   */
  function listedAmount(usd: number, ctx: Context) {
    const shown = amount(usd, ctx);
    return ctx.currency === 'USD'
      ? shown
      : { ...shown, convertedFromValue: usd.toFixed(2), convertedFromCurrency: 'USD' };
  }

  function summary(p: DemoProduct, ctx: Context, baseUrl: string): Record<string, unknown> {
    const price = catalog.priceAt(p.key, ctx.now);
    const original = catalog.originalPriceAt(p.key, ctx.now);
    const webUrl = `https://${SITE_HOST[ctx.site] ?? 'www.ebay.com'}/itm/${p.key}${p.variationId ? `?var=${p.variationId}` : ''}`;
    return {
      itemId: p.itemId,
      legacyItemId: p.key,
      title: p.title,
      itemHref: `${baseUrl}${BROWSE}/item/${encodeURIComponent(p.itemId ?? '')}`,
      price: listedAmount(price, ctx),
      image: { imageUrl: `${baseUrl}${p.images[0]}` },
      ...(p.images.length > 1
        ? { additionalImages: p.images.slice(1).map((path) => ({ imageUrl: `${baseUrl}${path}` })) }
        : {}),
      itemWebUrl: webUrl,
      ...(ctx.campaignId
        ? {
            itemAffiliateWebUrl: `${webUrl}${webUrl.includes('?') ? '&' : '?'}mkcid=1&mkrid=711-53200-19255-0&siteid=0&campid=${ctx.campaignId}&toolid=10001&mkevt=1`,
          }
        : {}),
      seller: {
        username: p.seller.username,
        feedbackPercentage: p.seller.feedbackPercentage,
        feedbackScore: p.seller.feedbackScore,
      },
      condition: p.condition.name,
      conditionId: p.condition.id,
      buyingOptions: ['FIXED_PRICE'],
      shippingOptions: [{ shippingCostType: 'FIXED', shippingCost: amount(p.shippingCost, ctx) }],
      itemLocation: { postalCode: p.location.postalCode, country: p.location.country },
      categories: [{ categoryId: p.category.ebayCategoryId, categoryName: p.category.name }],
      ...(original !== undefined && original > price
        ? {
            marketingPrice: {
              originalPrice: amount(original, ctx),
              discountPercentage: String(Math.round(((original - price) / original) * 100)),
              discountAmount: amount(original - price, ctx),
            },
          }
        : {}),
      itemCreationDate: new Date(p.createdAt).toISOString(),
    };
  }

  function fullItem(p: DemoProduct, ctx: Context, baseUrl: string): Record<string, unknown> {
    const base = summary(p, ctx, baseUrl);
    const deliveryFrom = new Date(ctx.now + 3 * 86_400_000).toISOString();
    const deliveryTo = new Date(ctx.now + (3 + Math.ceil(p.shipDays / 3)) * 86_400_000).toISOString();
    return {
      ...base,
      shortDescription: `${p.title}. ${p.condition.name}, ships from ${p.location.city}.`,
      description: `<p>${p.title}</p><p>Brand: ${p.brand}. Colour: ${p.color}.</p>`,
      categoryPath: `${p.category.name}|${p.noun}`,
      categoryId: p.category.ebayCategoryId,
      brand: p.brand,
      // The product identifiers of the item endpoint (reference §1), when the listing has them.
      ...(p.identifiers.gtin ? { gtin: p.identifiers.gtin } : {}),
      ...(p.identifiers.mpn ? { mpn: p.identifiers.mpn } : {}),
      ...(p.identifiers.epid ? { epid: p.identifiers.epid } : {}),
      color: p.color,
      itemLocation: { city: p.location.city, postalCode: p.location.postalCode, country: p.location.country },
      shippingOptions: [
        {
          shippingCostType: 'FIXED',
          shippingCost: amount(p.shippingCost, ctx),
          minEstimatedDeliveryDate: deliveryFrom,
          maxEstimatedDeliveryDate: deliveryTo,
        },
      ],
      localizedAspects: [
        { type: 'STRING', name: 'Brand', value: p.brand },
        { type: 'STRING', name: 'Color', value: p.color },
        { type: 'STRING', name: 'Type', value: p.category.name },
      ],
      estimatedAvailabilities: [
        {
          estimatedAvailabilityStatus: 'IN_STOCK',
          estimatedAvailableQuantity: (Number(p.key.slice(-2)) % 20) + 1,
          estimatedSoldQuantity: p.volume,
        },
      ],
      returnTerms: { returnsAccepted: true, returnPeriod: { value: 30, unit: 'CALENDAR_DAY' } },
      sellerItemRevision: '1',
    };
  }

  function search(req: IncomingMessage, res: ServerResponse, url: URL, baseUrl: string): void {
    const params = url.searchParams;
    const q = params.get('q') ?? undefined;
    const categoryIds = params.get('category_ids') ?? undefined;
    if (!q && !categoryIds && !params.get('epid') && !params.get('gtin')) {
      return reply(
        req,
        res,
        url,
        'search',
        400,
        errors(
          requestError(
            12001,
            "The call must have a valid 'q', 'category_ids', 'epid' or 'gtin' query parameter.",
          ),
        ),
      );
    }
    const limit = params.has('limit') ? Number(params.get('limit')) : 50;
    const offset = params.has('offset') ? Number(params.get('offset')) : 0;
    if (!Number.isInteger(limit) || limit < 1 || limit > 200) {
      return reply(
        req,
        res,
        url,
        'search',
        400,
        errors(
          requestError(12006, "The 'limit' value must be greater than zero and less than or equal to 200.", {
            name: 'limit',
            value: String(params.get('limit')),
          }),
        ),
      );
    }
    if (!Number.isInteger(offset) || offset < 0) {
      return reply(
        req,
        res,
        url,
        'search',
        400,
        errors(
          requestError(12007, "The 'offset' value cannot be negative.", {
            name: 'offset',
            value: String(params.get('offset')),
          }),
        ),
      );
    }
    if (offset + limit > 10_000) {
      return reply(
        req,
        res,
        url,
        'search',
        400,
        errors(requestError(12029, "The 'offset' value plus the 'limit' value cannot exceed 10,000.")),
      );
    }
    const ctx = context(req);
    const filter = parseFilter(params.get('filter') ?? '');
    if (filter.price && !filter.priceCurrency) {
      return reply(
        req,
        res,
        url,
        'search',
        400,
        errors(
          requestError(12012, "The 'priceCurrency' filter must be used with the 'price' filter.", {
            name: 'filter',
            value: params.get('filter') ?? '',
          }),
        ),
      );
    }
    const prices = new Map<DemoProduct, number>();
    const priceOf = (p: DemoProduct) => {
      let price = prices.get(p);
      if (price === undefined) {
        price = catalog.priceAt(p.key, ctx.now);
        prices.set(p, price);
      }
      return price;
    };
    let matches = ebayProducts.filter((p) => {
      // Like eBay, an item number as the query finds that listing (the catalog's §4 search fallback).
      if (!matchesQuery(p, q) && q?.trim() !== p.key) return false;
      // A listing made unavailable (demo control) is gone from search too, as on eBay.
      if (!catalog.isAvailable(p.key)) return false;
      if (categoryIds && !categoryIds.split(',').includes(p.category.ebayCategoryId)) return false;
      if (filter.conditionIds && !filter.conditionIds.includes(p.condition.id)) return false;
      if (filter.price && filter.priceCurrency) {
        const usd = priceOf(p);
        const [lo, hi] = filter.price;
        if (lo !== undefined && usd < toUsd(lo, filter.priceCurrency) - 0.005) return false;
        if (hi !== undefined && usd > toUsd(hi, filter.priceCurrency) + 0.005) return false;
      }
      return true;
    });
    const sort = params.get('sort');
    if (sort === 'price') matches = [...matches].sort((a, b) => priceOf(a) - priceOf(b));
    else if (sort === '-price') matches = [...matches].sort((a, b) => priceOf(b) - priceOf(a));
    else if (sort === 'newlyListed') matches = [...matches].sort((a, b) => b.createdAt - a.createdAt);
    const page = matches.slice(offset, offset + limit);
    const href = (o: number) => {
      const next = new URLSearchParams(params);
      next.set('limit', String(limit));
      next.set('offset', String(o));
      return `${baseUrl}${BROWSE}/item_summary/search?${next.toString()}`;
    };
    reply(req, res, url, 'search', 200, {
      href: href(offset),
      total: matches.length,
      ...(offset + limit < matches.length ? { next: href(offset + limit) } : {}),
      ...(offset > 0 ? { prev: href(Math.max(0, offset - limit)) } : {}),
      limit,
      offset,
      ...(page.length > 0 ? { itemSummaries: page.map((p) => summary(p, ctx, baseUrl)) } : {}),
    });
  }

  function notFound(
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    operation: string,
    errorId: number,
    message: string,
  ): void {
    reply(
      req,
      res,
      url,
      operation,
      404,
      errors({ errorId, domain: 'API_BROWSE', category: 'REQUEST', message, longMessage: message }),
    );
  }

  function itemById(
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    baseUrl: string,
    rawId: string,
  ): void {
    let id: string;
    try {
      id = decodeURIComponent(rawId);
    } catch {
      id = rawId;
    }
    const product = catalog.listed(id);
    if (!product || product.marketplace !== 'ebay' || product.itemId !== id) {
      return notFound(req, res, url, 'item', 11001, `The specified item ID '${id}' was not found.`);
    }
    reply(req, res, url, 'item', 200, fullItem(product, context(req), baseUrl));
  }

  function itemByLegacyId(req: IncomingMessage, res: ServerResponse, url: URL, baseUrl: string): void {
    const legacyId = url.searchParams.get('legacy_item_id');
    if (!legacyId) {
      return reply(
        req,
        res,
        url,
        'item_by_legacy_id',
        400,
        errors(requestError(11008, "The 'legacy_item_id' query parameter is required.")),
      );
    }
    const product = catalog.listed(legacyId);
    if (!product || product.marketplace !== 'ebay' || product.key !== legacyId) {
      return notFound(
        req,
        res,
        url,
        'item_by_legacy_id',
        11003,
        `The legacy item ID '${legacyId}' was not found.`,
      );
    }
    const variation = url.searchParams.get('legacy_variation_id');
    if (product.variationId && variation !== product.variationId) {
      return reply(
        req,
        res,
        url,
        'item_by_legacy_id',
        400,
        errors(
          requestError(
            11006,
            'The legacy ID is an ID for a parent item, which does not have a price. Pass in a legacy_variation_id.',
            { name: 'legacy_item_id', value: legacyId },
          ),
        ),
      );
    }
    reply(req, res, url, 'item_by_legacy_id', 200, fullItem(product, context(req), baseUrl));
  }

  function items(req: IncomingMessage, res: ServerResponse, url: URL, baseUrl: string): void {
    if (!options.getItemsGranted) {
      return reply(
        req,
        res,
        url,
        'items',
        403,
        errors({
          errorId: 1100,
          domain: 'ACCESS',
          category: 'REQUEST',
          message: 'Access denied',
          longMessage: 'Insufficient permissions to fulfill the request.',
        }),
      );
    }
    const ids = (url.searchParams.get('item_ids') ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (url.searchParams.has('item_group_ids') && ids.length > 0) {
      return reply(
        req,
        res,
        url,
        'items',
        400,
        errors(requestError(11014, "You cannot use both 'item_ids' and 'item_group_ids'.")),
      );
    }
    if (ids.length === 0 || ids.length > 20) {
      return reply(
        req,
        res,
        url,
        'items',
        400,
        errors(
          requestError(11013, "The 'item_ids' value must contain between 1 and 20 item IDs.", {
            name: 'item_ids',
            value: String(ids.length),
          }),
        ),
      );
    }
    const ctx = context(req);
    const found: Record<string, unknown>[] = [];
    const warnings: EbayErrorItem[] = [];
    for (const id of ids) {
      const product = catalog.listed(id);
      if (product && product.marketplace === 'ebay' && product.itemId === id)
        found.push(summary(product, ctx, baseUrl));
      else
        warnings.push({
          ...requestError(11001, `The item ID '${id}' was not found.`, { name: 'item_ids', value: id }),
        });
    }
    reply(req, res, url, 'items', 200, {
      items: found,
      total: found.length,
      ...(warnings.length > 0 ? { warnings } : {}),
    });
  }

  const server = createServer((req, res) => {
    const host = `http://${req.headers.host ?? '127.0.0.1'}`;
    const url = new URL(req.url ?? '/', host);
    const path = url.pathname;
    const route = async () => {
      if (serveDemoImage(req, res, path, catalog, 'ebay')) return;
      if (path === '/identity/v1/oauth2/token') {
        if (req.method !== 'POST')
          return reply(req, res, url, 'token', 405, {
            error: 'invalid_request',
            error_description: 'method not allowed',
          });
        return token(req, res, url);
      }
      if (!path.startsWith(`${BROWSE}/`))
        return reply(req, res, url, 'unknown', 404, errors(requestError(2002, `No resource at ${path}`)));
      const operation =
        path === `${BROWSE}/item_summary/search`
          ? 'search'
          : path === `${BROWSE}/item/get_item_by_legacy_id`
            ? 'item_by_legacy_id'
            : path === `${BROWSE}/item/` || path === `${BROWSE}/item`
              ? 'items'
              : path.startsWith(`${BROWSE}/item/`)
                ? 'item'
                : 'unknown';
      if (await applyFault(req, res, url, operation, 'api')) return;
      if (!authorised(req, res, url, operation)) return;
      switch (operation) {
        case 'search':
          return search(req, res, url, host);
        case 'item_by_legacy_id':
          return itemByLegacyId(req, res, url, host);
        case 'items':
          return items(req, res, url, host);
        case 'item':
          return itemById(req, res, url, host, path.slice(`${BROWSE}/item/`.length));
        default:
          return reply(req, res, url, 'unknown', 404, errors(requestError(2002, `No resource at ${path}`)));
      }
    };
    route().catch((error: unknown) => {
      reply(
        req,
        res,
        url,
        'unknown',
        500,
        errors({ errorId: 12000, domain: 'API_BROWSE', category: 'APPLICATION', message: String(error) }),
      );
    });
  });
  return server;
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

interface ParsedFilter {
  price?: [number | undefined, number | undefined];
  priceCurrency?: string;
  conditionIds?: string[];
}

/** `price:[10..50],priceCurrency:USD,conditionIds:{1000|3000}`; unknown filters are ignored, as eBay warns and goes on. */
export function parseFilter(filter: string): ParsedFilter {
  const parsed: ParsedFilter = {};
  for (const part of filter.match(/[A-Za-z]+:(\[[^\]]*\]|\{[^}]*\}|[^,]*)/g) ?? []) {
    const colon = part.indexOf(':');
    const name = part.slice(0, colon);
    const value = part.slice(colon + 1);
    if (name === 'price') {
      // [lo..hi], [lo] (at least lo) or [..hi]
      const range = /^\[([\d.]*?)(?:\.\.([\d.]*))?\]$/.exec(value);
      if (range)
        parsed.price = [range[1] ? Number(range[1]) : undefined, range[2] ? Number(range[2]) : undefined];
    } else if (name === 'priceCurrency') {
      parsed.priceCurrency = value.toUpperCase();
    } else if (name === 'conditionIds') {
      parsed.conditionIds = value.replace(/[{}]/g, '').split('|').filter(Boolean);
    }
  }
  return parsed;
}
