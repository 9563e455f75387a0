import {
  CROSS_BORDER_DEFAULT_SORT,
  DEFAULT_REGION_ID,
  DEFAULT_SEARCH_PAGE_SIZE,
  decodeProductId,
  extractCrossBorderId,
  getRegion,
  type RegionId,
} from '@pt/domain';
import { z } from 'zod';
import { chunk } from '../concurrency';
import type {
  GetItemsResult,
  HotQuery,
  ItemOptions,
  MarketplaceDriver,
  SearchQuery,
  SearchResult,
  SearchSort,
} from '../driver';
import {
  AliExpressApiError,
  isMarketplaceError,
  type MarketplaceError,
  type MarketplaceErrorCode,
} from '../errors';
import { HttpFailure, UpstreamFailureLog, type DriverLogger, type ResilientHttpClient } from '../http';
import { conditionList } from '../ebay/ebay-filters';
import { lenient, lenientArray, lenientNumberish, lenientString } from '../mapping';
import type { MarketplaceProduct } from '../product';
import { createHttpClient, type DriverRuntime } from '../runtime';
import { ALIEXPRESS_ID_PREFIX, mapAliExpressProduct } from './aliexpress-mapper';
import { signAliExpress, type AliExpressSignMethod } from './aliexpress-signing';

export const ALIEXPRESS_PRODUCTION_URL = 'https://api-sg.aliexpress.com/sync';
export const ALIEXPRESS_METHODS = {
  productQuery: 'aliexpress.affiliate.product.query',
  hotProductQuery: 'aliexpress.affiliate.hotproduct.query',
  productDetail: 'aliexpress.affiliate.productdetail.get',
} as const;
export type AliExpressMethod = (typeof ALIEXPRESS_METHODS)[keyof typeof ALIEXPRESS_METHODS];
export const ALIEXPRESS_MAX_PAGE_SIZE = 50;
/** productdetail.get's maximum is unconfirmed; 20 ids per call stays well inside any plausible one. */
export const ALIEXPRESS_DETAIL_MAX_IDS = 20;
/** resp_code for "The result is empty". */
export const ALIEXPRESS_EMPTY_RESULT = 405;
/** target_currency values the API accepts (reference §2). */
export const ALIEXPRESS_CURRENCIES = [
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
] as const;

export interface AliExpressDriverOptions extends DriverRuntime {
  /** The gateway including its path, e.g. https://api-sg.aliexpress.com/sync or a demo server's /sync. */
  apiUrl?: string;
  appKey: string;
  appSecret: string;
  /** Affiliate tracking id: sent as tracking_id, product urls become promotion_link. */
  trackingId?: string;
  signMethod?: AliExpressSignMethod;
}

/** The response envelope: `{"<method_with_underscores>_response":{"resp_result":{…}}}` or `{"error_response":{…}}`. */
const errorResponse = z.object({
  error_response: z.object({
    code: lenientNumberish,
    msg: lenientString,
    sub_code: lenientString,
    sub_msg: lenientString,
    type: lenientString,
  }),
});
const respResult = z.object({
  resp_code: z.coerce.number().optional().catch(undefined),
  resp_msg: lenientString,
  result: lenient(
    z.object({
      current_page_no: z.coerce.number().optional().catch(undefined),
      current_record_count: z.coerce.number().optional().catch(undefined),
      total_record_count: z.coerce.number().optional().catch(undefined),
      products: lenient(z.object({ product: lenientArray(z.unknown()) })),
    }),
  ),
});

export function aliexpressResponseKey(method: string): string {
  return `${method.replace(/\./g, '_')}_response`;
}

/** AliExpress product ids are 16-digit numbers; quote them before JSON.parse so no digit is lost to float precision. */
function parsePreservingIds(body: string): unknown {
  return JSON.parse(body.replace(/"(product_id|shop_id)"\s*:\s*(\d{16,})/g, '"$1":"$2"'));
}

const SORTS: Readonly<Record<SearchSort, string | undefined>> = {
  relevance: undefined,
  best_selling: 'LAST_VOLUME_DESC',
  price_asc: 'SALE_PRICE_ASC',
  price_desc: 'SALE_PRICE_DESC',
  newest: undefined,
  discount_desc: 'DISCOUNT_DESC',
};

/** target_language from the region's locale: en-GB → EN, ja-JP → JA. */
function languageFor(region: RegionId): string {
  return getRegion(region).code.slice(0, 2).toUpperCase();
}

function currencyFor(requested: string | undefined, region: RegionId): string {
  const wanted = (requested ?? getRegion(region).currency).toUpperCase();
  return (ALIEXPRESS_CURRENCIES as readonly string[]).includes(wanted) ? wanted : 'USD';
}

/** Old docs give min/max_sale_price in cents (3141 = 31.41); unconfirmed on api-sg, so we send cents as documented. */
function cents(value: number | undefined): string | undefined {
  return value === undefined || !Number.isFinite(value) || value < 0
    ? undefined
    : String(Math.round(value * 100));
}

interface Page {
  pageNo: number;
  pageSize: number;
}

function pageOf(limit: number | undefined, offset: number | undefined): Page {
  const pageSize = Math.min(
    ALIEXPRESS_MAX_PAGE_SIZE,
    Math.max(1, Math.floor(limit ?? DEFAULT_SEARCH_PAGE_SIZE)),
  );
  return { pageSize, pageNo: Math.floor(Math.max(0, offset ?? 0) / pageSize) + 1 };
}

export class AliExpressDriver implements MarketplaceDriver {
  readonly marketplace = 'aliexpress' as const;
  readonly http: ResilientHttpClient;
  private readonly apiUrl: string;
  private readonly now: () => number;
  private readonly logger?: DriverLogger;
  private readonly failures: UpstreamFailureLog;

  constructor(private readonly options: AliExpressDriverOptions) {
    this.failures = new UpstreamFailureLog(options.logger);
    this.apiUrl = options.apiUrl ?? ALIEXPRESS_PRODUCTION_URL;
    this.now = options.now ?? Date.now;
    this.logger = options.logger;
    this.http = createHttpClient('aliexpress', options.appKey, options);
  }

  /** aliexpress.affiliate.product.query. Offset is served from the page that holds it (the API pages). */
  async search(query: SearchQuery): Promise<SearchResult> {
    return this.list(ALIEXPRESS_METHODS.productQuery, query);
  }

  /** aliexpress.affiliate.hotproduct.query: keywords optional; sort also takes discount_desc. */
  async hot(query: HotQuery = {}): Promise<SearchResult> {
    return this.list(ALIEXPRESS_METHODS.hotProductQuery, { ...query, q: query.q ?? '' });
  }

  async getItem(id: string, options: ItemOptions = {}): Promise<MarketplaceProduct> {
    const productId = this.productIdOf(id);
    if (!productId)
      throw new AliExpressApiError({
        code: 'not_found',
        detail: `not an AliExpress product id: ${id.slice(0, 100)}`,
      });
    const products = await this.details([productId], options);
    const product = products.get(productId);
    if (!product) throw new AliExpressApiError({ code: 'not_found', detail: `product ${productId}` });
    return product;
  }

  async getItems(ids: readonly string[], options: ItemOptions = {}): Promise<GetItemsResult> {
    const result: GetItemsResult = { marketplace: 'aliexpress', products: [], notFound: [], failed: [] };
    const wanted: Array<{ id: string; productId: string }> = [];
    for (const id of new Set(ids)) {
      const productId = this.productIdOf(id);
      if (productId) wanted.push({ id, productId });
      else result.notFound.push(id);
    }
    const found = new Map<string, MarketplaceProduct>();
    const failed = new Map<string, MarketplaceError>();
    for (const group of chunk(wanted, ALIEXPRESS_DETAIL_MAX_IDS)) {
      try {
        for (const [productId, product] of await this.details(
          group.map((w) => w.productId),
          options,
        ))
          found.set(productId, product);
      } catch (error) {
        for (const { id } of group) failed.set(id, this.asError(error));
      }
    }
    for (const { id, productId } of wanted) {
      const product = found.get(productId);
      const error = failed.get(id);
      if (product) result.products.push(product);
      else if (error) result.failed.push({ id, error });
      else result.notFound.push(id);
    }
    return result;
  }

  private productIdOf(id: string): string | undefined {
    const productId = extractCrossBorderId(decodeProductId(id).trim());
    return /^\d{1,30}$/.test(productId) ? productId : undefined;
  }

  private async details(
    productIds: string[],
    options: ItemOptions,
  ): Promise<Map<string, MarketplaceProduct>> {
    const region = options.region ?? DEFAULT_REGION_ID;
    const result = await this.call(ALIEXPRESS_METHODS.productDetail, {
      product_ids: productIds.join(','),
      target_currency: currencyFor(undefined, region),
      target_language: languageFor(region),
      country: getRegion(region).countryCode,
      tracking_id: this.options.trackingId,
    });
    const found = new Map<string, MarketplaceProduct>();
    for (const product of this.mapAll(result?.products?.product ?? []).products) {
      found.set(product.id.slice(ALIEXPRESS_ID_PREFIX.length), product);
    }
    return found;
  }

  private async list(method: AliExpressMethod, query: SearchQuery): Promise<SearchResult> {
    const page = pageOf(query.limit, query.offset);
    const offset = (page.pageNo - 1) * page.pageSize;
    const conditions = conditionList(query.condition);
    // AliExpress lists new goods only.
    if (conditions.length > 0 && !conditions.includes('new')) return this.empty(page.pageSize, offset);
    const region = query.region ?? DEFAULT_REGION_ID;
    const q = query.q.trim();
    const result = await this.call(method, {
      keywords: q || undefined,
      category_ids: query.categoryIds?.filter((c) => c.trim() !== '').join(',') || undefined,
      page_no: String(page.pageNo),
      page_size: String(page.pageSize),
      min_sale_price: cents(query.minPrice),
      max_sale_price: cents(query.maxPrice),
      sort: (query.sort && SORTS[query.sort]) ?? CROSS_BORDER_DEFAULT_SORT,
      ship_to_country: getRegion(region).countryCode,
      target_currency: currencyFor(query.currency, region),
      target_language: languageFor(region),
      tracking_id: this.options.trackingId,
    });
    if (!result) return this.empty(page.pageSize, offset);
    const { products, dropped } = this.mapAll(result.products?.product ?? []);
    const total = result.total_record_count ?? products.length + dropped;
    return {
      marketplace: 'aliexpress',
      products,
      total,
      offset,
      limit: page.pageSize,
      hasMore: page.pageNo * page.pageSize < total,
      dropped,
    };
  }

  private mapAll(records: readonly unknown[]): { products: MarketplaceProduct[]; dropped: number } {
    const products: MarketplaceProduct[] = [];
    let dropped = 0;
    for (const record of records) {
      const mapped = mapAliExpressProduct(record, {
        affiliate: Boolean(this.options.trackingId),
        now: this.now,
      });
      if (mapped.ok) products.push(mapped.product);
      else dropped++;
    }
    if (dropped > 0)
      this.logger?.warn(
        { marketplace: 'aliexpress', dropped },
        'AliExpress records failed the product checks and were dropped',
      );
    return { products, dropped };
  }

  /**
   * One signed call: system parameters in the query string, business parameters in the form body
   * (as the official SDKs do), both signed. Resolves with resp_result.result, or undefined for
   * "The result is empty" (405).
   */
  private async call(
    method: AliExpressMethod,
    business: Record<string, string | undefined>,
  ): Promise<z.output<typeof respResult>['result'] | undefined> {
    const started = performance.now();
    try {
      return await this.signedCall(method, business);
    } catch (error) {
      // Logged once here (summarised when it repeats); callers only decide what to answer.
      const failure = this.asError(error);
      if (failure.code !== 'not_found')
        this.failures.report({
          marketplace: 'aliexpress',
          operation: method,
          code: failure.code,
          ...(failure.status !== undefined ? { status: failure.status } : {}),
          durationMs: performance.now() - started,
          ...(failure.detail ? { detail: failure.detail.slice(0, 200) } : {}),
        });
      throw failure;
    }
  }

  private async signedCall(
    method: AliExpressMethod,
    business: Record<string, string | undefined>,
  ): Promise<z.output<typeof respResult>['result'] | undefined> {
    const signMethod = this.options.signMethod ?? 'sha256';
    const system: Record<string, string> = {
      app_key: this.options.appKey,
      method,
      timestamp: String(this.now()),
      sign_method: signMethod,
      v: '2.0',
      format: 'json',
    };
    // SDKs send no empty values, and what is not sent is not signed.
    const body: Record<string, string> = {};
    for (const [name, value] of Object.entries(business))
      if (value !== undefined && value !== '') body[name] = value;
    const sign = signAliExpress({ ...system, ...body }, this.options.appSecret, signMethod);
    const url = `${this.apiUrl}${this.apiUrl.includes('?') ? '&' : '?'}${new URLSearchParams({ ...system, sign }).toString()}`;

    let response;
    try {
      response = await this.http.request({
        method: 'POST',
        url,
        operation: method,
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded;charset=utf-8',
          Accept: 'application/json',
        },
        body: new URLSearchParams(body).toString(),
      });
    } catch (error) {
      throw this.asError(error);
    }
    if (response.status < 200 || response.status > 299) {
      throw new AliExpressApiError({
        code: response.status === 401 || response.status === 403 ? 'auth' : 'api_error',
        status: response.status,
        detail: response.body.slice(0, 200),
      });
    }
    let json: unknown;
    try {
      json = parsePreservingIds(response.body);
    } catch (error) {
      throw new AliExpressApiError({
        code: 'bad_response',
        status: response.status,
        detail: 'response body is not JSON',
        cause: error,
      });
    }
    const apiError = errorResponse.safeParse(json);
    if (apiError.success) throw this.apiError(apiError.data.error_response);
    const envelope = (json as Record<string, unknown> | null)?.[aliexpressResponseKey(method)] as
      { resp_result?: unknown } | undefined;
    const parsed = respResult.safeParse(envelope?.resp_result);
    if (!parsed.success || parsed.data.resp_code === undefined) {
      throw new AliExpressApiError({
        code: 'bad_response',
        status: response.status,
        detail: `no ${aliexpressResponseKey(method)}.resp_result in the response`,
      });
    }
    const { resp_code: code, resp_msg: message, result } = parsed.data;
    if (code === ALIEXPRESS_EMPTY_RESULT) return undefined;
    if (code !== 200) {
      throw new AliExpressApiError({
        code: 'api_error',
        apiMessage: message ?? `resp_code ${code}`,
        detail: `resp_code ${code}`,
      });
    }
    return result;
  }

  /** error_response → 'AliExpress API failed: {msg}'; ApiCallLimit also pauses calls for the ban it announces. */
  private apiError(error: z.output<typeof errorResponse>['error_response']): AliExpressApiError {
    const apiCode = error.code === undefined ? '' : String(error.code);
    const message = error.sub_msg ?? error.msg ?? apiCode ?? 'unknown error';
    let code: MarketplaceErrorCode = 'api_error';
    let retryAfterMs: number | undefined;
    if (apiCode === 'ApiCallLimit' || /frequency exceeds the limit/i.test(message)) {
      code = 'rate_limited';
      const seconds = /last\s+(\d+)\s+second/i.exec(message)?.[1];
      retryAfterMs = seconds ? Number(seconds) * 1000 : 1000;
      this.http.coolDown(retryAfterMs);
    } else if (
      ['IncompleteSignature', 'InsufficientPermission', 'InvalidAppKey', '25'].includes(apiCode) ||
      /signature/i.test(message)
    ) {
      code = 'auth';
    }
    return new AliExpressApiError({
      code,
      apiMessage: message,
      detail: [apiCode, error.sub_code].filter(Boolean).join(' '),
      retryAfterMs,
    });
  }

  private asError(error: unknown): MarketplaceError {
    if (isMarketplaceError(error)) return error;
    if (error instanceof HttpFailure) {
      const code: MarketplaceErrorCode = error.kind === 'server' ? 'unavailable' : error.kind;
      return new AliExpressApiError({
        code,
        detail: error.message,
        status: error.details.status,
        retryAfterMs: error.details.retryAfterMs,
        cause: error,
      });
    }
    return new AliExpressApiError({
      code: 'bad_response',
      detail: error instanceof Error ? error.message : String(error),
      cause: error,
    });
  }

  private empty(limit: number, offset: number): SearchResult {
    return { marketplace: 'aliexpress', products: [], total: 0, offset, limit, hasMore: false, dropped: 0 };
  }
}
