import { DEFAULT_REGION_ID, decodeProductId, parsePipeId } from '@pt/domain';
import { z } from 'zod';
import { chunk, mapWithConcurrency } from '../concurrency';
import type {
  GetItemsResult,
  HotQuery,
  ItemOptions,
  MarketplaceDriver,
  SearchQuery,
  SearchResult,
} from '../driver';
import { EbayApiError, isMarketplaceError, type MarketplaceError } from '../errors';
import {
  HttpFailure,
  UpstreamFailureLog,
  credentialKey,
  withDeadline,
  type DriverLogger,
  type ResilientHttpClient,
} from '../http';
import { lenientArray, lenientString } from '../mapping';
import type { MarketplaceProduct } from '../product';
import { DEFAULT_TIMEOUT_MS, createHttpClient, type DriverRuntime } from '../runtime';
import { EBAY_INVALID_TOKEN_ERROR_ID, ebayHttpFailure, ebayStatusError, readEbayErrors } from './ebay-errors';
import { buildEbaySearchParams, ebayMarketplaceId, ebayPage } from './ebay-filters';
import { mapEbayItem } from './ebay-mapper';
import { EBAY_BULK_SCOPE, EBAY_DEFAULT_SCOPES, EbayTokenProvider } from './ebay-token';

export const EBAY_PRODUCTION_URL = 'https://api.ebay.com';
export const EBAY_BROWSE_PATH = '/buy/browse/v1';
/** Limited Release batch call: at most 20 ids per request. */
export const EBAY_GET_ITEMS_MAX_IDS = 20;

export interface EbayDriverOptions extends DriverRuntime {
  /** Host only, e.g. https://api.ebay.com, https://api.sandbox.ebay.com or a demo server. */
  baseUrl?: string;
  clientId: string;
  clientSecret: string;
  /** The application has the buy.item.bulk grant: getItems batches ≤ 20 ids per call. */
  getItemsGranted?: boolean;
  /** eBay Partner Network campaign: sent in X-EBAY-C-ENDUSERCTX, product urls become itemAffiliateWebUrl. */
  campaignId?: string;
  /** What hot() searches for when given no query (the Browse API has no trending endpoint). */
  trendingQuery?: string;
  /** Parallel single-item calls when batching is not granted. Default 4. */
  singleCallConcurrency?: number;
}

export type EbayItemRef =
  { kind: 'pipe'; apiId: string; legacyId: string } | { kind: 'legacy'; legacyId: string };

/** §2: a pipe id (URL-encoded or not) is an API id; digits, optionally ebay_-prefixed, are a legacy id. */
export function parseEbayItemRef(id: string): EbayItemRef | undefined {
  const decoded = decodeProductId(id).trim();
  const pipe = parsePipeId(decoded);
  if (pipe)
    return /^\d+$/.test(pipe.itemId) ? { kind: 'pipe', apiId: pipe.apiId, legacyId: pipe.itemId } : undefined;
  const bare = decoded.startsWith('ebay_') ? decoded.slice('ebay_'.length) : decoded;
  return /^\d{1,19}$/.test(bare) ? { kind: 'legacy', legacyId: bare } : undefined;
}

const searchEnvelope = z.object({
  total: z.coerce.number().int().nonnegative().optional().catch(undefined),
  next: lenientString,
  limit: z.coerce.number().optional().catch(undefined),
  offset: z.coerce.number().optional().catch(undefined),
  itemSummaries: lenientArray(z.unknown()),
});
const itemsEnvelope = z.object({
  items: lenientArray(z.unknown()),
  total: z.coerce.number().optional().catch(undefined),
});
const objectBody = z.record(z.string(), z.unknown());

export class EbayDriver implements MarketplaceDriver {
  readonly marketplace = 'ebay' as const;
  readonly tokens: EbayTokenProvider;
  readonly http: ResilientHttpClient;
  private readonly baseUrl: string;
  private readonly now: () => number;
  private readonly logger?: DriverLogger;
  private batchAllowed: boolean;
  private readonly failures: UpstreamFailureLog;

  constructor(private readonly options: EbayDriverOptions) {
    this.failures = new UpstreamFailureLog(options.logger);
    this.baseUrl = (options.baseUrl ?? EBAY_PRODUCTION_URL).replace(/\/+$/, '');
    this.now = options.now ?? Date.now;
    this.logger = options.logger;
    this.batchAllowed = options.getItemsGranted ?? false;
    this.http = createHttpClient('ebay', options.clientId, options);
    this.tokens = new EbayTokenProvider({
      http: this.http,
      baseUrl: this.baseUrl,
      clientId: options.clientId,
      clientSecret: options.clientSecret,
      scopes: this.batchAllowed ? [...EBAY_DEFAULT_SCOPES, EBAY_BULK_SCOPE] : EBAY_DEFAULT_SCOPES,
      now: this.now,
      logger: options.logger,
      mintLimiter: options.rateLimiter
        ? { limiter: options.rateLimiter, key: `${credentialKey('ebay', options.clientId)}:token` }
        : undefined,
    });
  }

  /** One lookup's deadline for all its upstream calls: the per-call timeout. */
  private get lookupMs(): number {
    return this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  /** Whether getItems currently batches (configured as granted and not refused by eBay since). */
  get batching(): boolean {
    return this.batchAllowed;
  }

  async search(query: SearchQuery): Promise<SearchResult> {
    const page = ebayPage(query.limit, query.offset);
    const hasCriteria = query.q.trim() !== '' || (query.categoryIds ?? []).some((c) => c.trim() !== '');
    if (!page || !hasCriteria) return this.empty(page?.limit ?? 0, Math.max(0, query.offset ?? 0));
    const body = await this.get(
      'search',
      '/item_summary/search',
      buildEbaySearchParams(query, page),
      query.region,
    );
    const envelope = searchEnvelope.parse(body);
    const { products, dropped } = this.mapAll(envelope.itemSummaries ?? []);
    return {
      marketplace: 'ebay',
      products,
      total: envelope.total ?? products.length + dropped,
      offset: page.offset,
      limit: page.limit,
      hasMore: envelope.next !== undefined,
      dropped,
    };
  }

  async hot(query: HotQuery = {}): Promise<SearchResult> {
    const q = query.q?.trim() || (query.categoryIds?.length ? '' : (this.options.trendingQuery ?? 'deals'));
    return this.search({ ...query, q });
  }

  async getItem(id: string, options: ItemOptions = {}): Promise<MarketplaceProduct> {
    const ref = parseEbayItemRef(id);
    if (!ref)
      throw new EbayApiError({ code: 'not_found', detail: `not an eBay item id: ${id.slice(0, 100)}` });
    return ref.kind === 'pipe'
      ? this.getItemByApiId(ref.apiId, options)
      : this.getItemByLegacyId(ref.legacyId, undefined, options);
  }

  /** GET /item/{item_id}, the pipe id URL-encoded into the path. */
  async getItemByApiId(apiId: string, options: ItemOptions = {}): Promise<MarketplaceProduct> {
    const body = await this.get('item', `/item/${encodeURIComponent(apiId)}`, undefined, options.region);
    return this.single(body, apiId);
  }

  /** GET /item/get_item_by_legacy_id?legacy_item_id=…[&legacy_variation_id=…]. */
  async getItemByLegacyId(
    legacyId: string,
    variationId?: string,
    options: ItemOptions = {},
  ): Promise<MarketplaceProduct> {
    const params = new URLSearchParams({ legacy_item_id: legacyId });
    if (variationId) params.set('legacy_variation_id', variationId);
    const body = await this.get('item_by_legacy_id', '/item/get_item_by_legacy_id', params, options.region);
    return this.single(body, legacyId);
  }

  async getItems(ids: readonly string[], options: ItemOptions = {}): Promise<GetItemsResult> {
    const result: GetItemsResult = { marketplace: 'ebay', products: [], notFound: [], failed: [] };
    const refs: Array<{ id: string; ref: EbayItemRef }> = [];
    for (const id of new Set(ids)) {
      const ref = parseEbayItemRef(id);
      if (ref) refs.push({ id, ref });
      else result.notFound.push(id);
    }
    const found = new Map<string, MarketplaceProduct>();
    let singles = refs;
    // Settles the scope first: a mint refused for the bulk scope turns batching off (see token()).
    // Any other failure of the mint fails the lookup now: every call below would need a token and
    // wait for another mint in series (two timeouts against a hung eBay).
    if (this.batchAllowed && refs.length > 0) {
      const started = performance.now();
      const failure = await withDeadline(this.lookupMs, () => this.token()).then(
        () => undefined,
        (error: unknown) => this.asError(error),
      );
      if (failure) {
        this.failures.report({
          marketplace: 'ebay',
          operation: 'token',
          code: failure.code,
          ...(failure.status !== undefined ? { status: failure.status } : {}),
          durationMs: performance.now() - started,
        });
        for (const { id } of refs) result.failed.push({ id, error: failure });
        return result;
      }
    }
    if (this.batchAllowed && refs.length > 0) {
      singles = [];
      for (const group of chunk(refs, EBAY_GET_ITEMS_MAX_IDS)) {
        const outcome = await this.batch(group, options).catch((error: unknown) => this.asError(error));
        if (outcome instanceof Map) {
          for (const [id, product] of outcome) found.set(id, product);
        } else if (outcome.code === 'auth' && outcome.status === 403) {
          // Configured as granted but eBay refuses the Limited Release call: use single calls from now on.
          this.logger?.warn(
            { marketplace: 'ebay', detail: outcome.detail },
            'eBay refused getItems; falling back to single item calls',
          );
          this.batchAllowed = false;
          singles.push(...group);
        } else {
          for (const { id } of group) result.failed.push({ id, error: outcome });
        }
      }
    }
    await mapWithConcurrency(singles, this.options.singleCallConcurrency ?? 4, async ({ id }) => {
      try {
        found.set(id, await this.getItem(id, options));
      } catch (error) {
        const failure = this.asError(error);
        if (failure.code !== 'not_found') result.failed.push({ id, error: failure });
      }
    });
    const failedIds = new Set(result.failed.map((f) => f.id));
    for (const { id } of refs) {
      const product = found.get(id);
      if (product) result.products.push(product);
      else if (!failedIds.has(id)) result.notFound.push(id);
    }
    return result;
  }

  private async batch(
    group: Array<{ id: string; ref: EbayItemRef }>,
    options: ItemOptions,
  ): Promise<Map<string, MarketplaceProduct>> {
    const apiIds = group.map(({ ref }) => (ref.kind === 'pipe' ? ref.apiId : `v1|${ref.legacyId}|0`));
    const body = await this.get(
      'items',
      '/item/',
      new URLSearchParams({ item_ids: apiIds.join(',') }),
      options.region,
    );
    const envelope = itemsEnvelope.parse(body);
    const { products } = this.mapAll(envelope.items ?? []);
    const byLegacy = new Map(products.map((p) => [parsePipeId(p.id)?.itemId ?? p.id, p]));
    const byApiId = new Map(products.map((p) => [p.id, p]));
    const found = new Map<string, MarketplaceProduct>();
    group.forEach(({ id, ref }, index) => {
      const product =
        byApiId.get(apiIds[index] as string) ??
        (ref.kind === 'legacy' ? byLegacy.get(ref.legacyId) : undefined);
      if (product) found.set(id, product);
    });
    return found;
  }

  private single(body: unknown, id: string): MarketplaceProduct {
    const mapped = mapEbayItem(body, { affiliate: Boolean(this.options.campaignId), now: this.now });
    if (!mapped.ok) {
      this.logger?.warn(
        { marketplace: 'ebay', id, issues: mapped.issues },
        'eBay item failed the product checks',
      );
      throw new EbayApiError({
        code: 'not_found',
        detail: `item failed the product checks: ${mapped.issues.join('; ')}`,
      });
    }
    return mapped.product;
  }

  private mapAll(records: readonly unknown[]): { products: MarketplaceProduct[]; dropped: number } {
    const products: MarketplaceProduct[] = [];
    let dropped = 0;
    for (const record of records) {
      const mapped = mapEbayItem(record, { affiliate: Boolean(this.options.campaignId), now: this.now });
      if (mapped.ok) products.push(mapped.product);
      else dropped++;
    }
    if (dropped > 0)
      this.logger?.warn(
        { marketplace: 'ebay', dropped },
        'eBay records failed the product checks and were dropped',
      );
    return { products, dropped };
  }

  private headers(token: string, region = DEFAULT_REGION_ID): Record<string, string> {
    const headers: Record<string, string> = {
      Authorization: `Bearer ${token}`,
      Accept: 'application/json',
      'X-EBAY-C-MARKETPLACE-ID': ebayMarketplaceId(region),
    };
    if (this.options.campaignId)
      headers['X-EBAY-C-ENDUSERCTX'] = `affiliateCampaignId=${this.options.campaignId}`;
    return headers;
  }

  /**
   * One Browse GET; a failure other than "no such item" is logged once (summarised when it repeats).
   * The token mint, the GET and its renewal after a 401 share one deadline, the per-call timeout:
   * against a hung eBay a lookup waits that long once, not once per call in series.
   */
  private async get(
    operation: string,
    path: string,
    params: URLSearchParams | undefined,
    region: SearchQuery['region'],
  ): Promise<Record<string, unknown>> {
    const started = performance.now();
    try {
      return await withDeadline(this.lookupMs, () => this.browse(operation, path, params, region));
    } catch (error) {
      const failure = this.asError(error);
      if (failure.code !== 'not_found')
        this.failures.report({
          marketplace: 'ebay',
          operation,
          code: failure.code,
          ...(failure.status !== undefined ? { status: failure.status } : {}),
          durationMs: performance.now() - started,
          ...(failure.detail ? { detail: failure.detail.slice(0, 200) } : {}),
        });
      throw failure;
    }
  }

  /** Bearer token (renewed once on 401), status and envelope checks, JSON object out. */
  private async browse(
    operation: string,
    path: string,
    params: URLSearchParams | undefined,
    region: SearchQuery['region'],
  ): Promise<Record<string, unknown>> {
    const query = params && [...params.keys()].length > 0 ? `?${params.toString()}` : '';
    const url = `${this.baseUrl}${EBAY_BROWSE_PATH}${path}${query}`;
    for (let attempt = 1; ; attempt++) {
      const token = await this.token();
      let response;
      try {
        response = await this.http.request({
          method: 'GET',
          url,
          operation,
          headers: this.headers(token, region),
        });
      } catch (error) {
        throw this.asError(error);
      }
      if (response.status === 401 && attempt === 1) {
        const { errorIds } = readEbayErrors(response.body);
        if (errorIds.length === 0 || errorIds.includes(EBAY_INVALID_TOKEN_ERROR_ID)) {
          this.tokens.invalidate(token);
          continue;
        }
      }
      if (response.status < 200 || response.status > 299) throw ebayStatusError(response);
      let json: unknown;
      try {
        json = JSON.parse(response.body);
      } catch (error) {
        throw new EbayApiError({
          code: 'bad_response',
          status: response.status,
          detail: 'response body is not JSON',
          cause: error,
        });
      }
      const body = objectBody.safeParse(json);
      if (!body.success)
        throw new EbayApiError({
          code: 'bad_response',
          status: response.status,
          detail: 'response body is not a JSON object',
        });
      return body.data;
    }
  }

  /**
   * The application token. Asking for the buy.item.bulk scope without holding it fails the mint
   * with invalid_scope: then drop the scope and batching rather than every eBay call.
   */
  private async token(): Promise<string> {
    try {
      return await this.tokens.getToken();
    } catch (error) {
      if (
        !this.batchAllowed ||
        !isMarketplaceError(error) ||
        error.code !== 'auth' ||
        !/invalid_scope/.test(error.detail ?? '')
      )
        throw error;
      this.logger?.warn(
        { marketplace: 'ebay', detail: error.detail },
        'eBay refused the getItems scope; minting without it and using single item calls',
      );
      this.batchAllowed = false;
      this.tokens.useScopes(EBAY_DEFAULT_SCOPES);
      return this.tokens.getToken();
    }
  }

  private asError(error: unknown): MarketplaceError {
    if (isMarketplaceError(error)) return error;
    if (error instanceof HttpFailure) return ebayHttpFailure(error);
    return new EbayApiError({
      code: 'bad_response',
      detail: error instanceof Error ? error.message : String(error),
      cause: error,
    });
  }

  private empty(limit: number, offset: number): SearchResult {
    return { marketplace: 'ebay', products: [], total: 0, offset, limit, hasMore: false, dropped: 0 };
  }
}
