import { AlsoOnResponseSchema, ErrorBodySchema, ProductResponseSchema } from '@pt/contracts';
import { REGIONS, type MarketplaceId } from '@pt/domain';
import { internalCallHeaders, type VerifiedUser } from '@pt/platform';

/** What an alert needs to know about a listing. */
export interface ListingInfo {
  marketplace?: MarketplaceId;
  title: string;
  image?: string;
  url?: string;
  price: number;
  currency: string;
  /** Shipping in `currency` (0 = free), when the catalog knew it: a landed alert's first side. */
  shipping?: number;
}

/** A listing the catalog matches with another (the same product on another marketplace). */
export interface MatchedListing {
  productId: string;
  marketplace: MarketplaceId;
  title: string;
  url?: string;
  /** As the listing quotes them, in `currency`. */
  price: number;
  shipping: number;
  currency: string;
}

/** What the catalog said when it did not answer with a listing: its error body and its wait. */
export interface CatalogRefusal {
  code?: string;
  message?: string;
  /** From its Retry-After, when it sent one. */
  retryAfterMs?: number;
}

/**
 * The catalog could not be asked or could not answer now (down, timed out, a marketplace busy or
 * out of quota, answered nonsense). Never "no such product": the caller answers 503.
 */
export class CatalogUnavailableError extends Error {
  constructor(
    message: string,
    readonly refusal: CatalogRefusal = {},
  ) {
    super(message);
    this.name = 'CatalogUnavailableError';
  }
}

/**
 * The catalog refused the lookup because the user it was made for is over their own request limit
 * there: the caller answers 429 with the catalog's wait.
 */
export class CatalogUserLimitError extends Error {
  constructor(readonly refusal: CatalogRefusal) {
    super(refusal.message ?? 'over the per-client limit at the catalog');
    this.name = 'CatalogUserLimitError';
  }
}

/**
 * The catalog as the notifier sees it: a listing by id, or undefined when the catalog knows no
 * such listing (its 404, or the §4 placeholder with no price, which is what it answers for an
 * eBay id it cannot find). `onBehalfOf`: the user the lookup is for, whose own limits it counts
 * against at the catalog. A catalog that cannot answer now throws, it never says "unknown".
 */
export interface ProductLookup {
  lookup(
    productId: string,
    marketplace?: MarketplaceId,
    onBehalfOf?: VerifiedUser,
  ): Promise<ListingInfo | undefined>;
  /**
   * The same product on the other marketplaces (the catalog's also-on answer), for a shopper who
   * pays in `currency`; empty when it knows none. A catalog that cannot answer now throws.
   */
  matches(
    productId: string,
    marketplace: MarketplaceId,
    currency: string,
    onBehalfOf?: VerifiedUser,
  ): Promise<MatchedListing[]>;
}

/** This service's name in the identity it signs on its calls to other services. */
export const NOTIFIER_SERVICE_NAME = 'alert-notifier';

const TIMEOUT_MS = 10_000;

/**
 * The id forms to ask the catalog for, best first: its §5 detection must see the intended
 * marketplace, and a bare eBay item id is found by its Browse API form ("v1|id|0") — the catalog
 * answers 404 for a legacy id it has not cached.
 */
export function catalogIdsOf(productId: string, marketplace?: MarketplaceId): string[] {
  const id = productId.trim();
  if (marketplace === 'aliexpress' && /^\d+$/.test(id)) return [`aliexpress_${id}`];
  if ((marketplace ?? 'ebay') === 'ebay') {
    const legacy = /^(?:ebay_)?(\d{9,15})$/.exec(id)?.[1];
    if (legacy) return [`v1|${legacy}|0`, id];
  }
  return [id];
}

/** Retry-After in seconds (the only form our services send) as milliseconds. */
function retryAfterMsOf(response: Response): number | undefined {
  const value = response.headers.get('retry-after')?.trim();
  return value && /^\d{1,9}$/.test(value) ? Number(value) * 1000 : undefined;
}

async function refusalOf(response: Response): Promise<CatalogRefusal> {
  const body = ErrorBodySchema.safeParse(await response.json().catch(() => undefined));
  const retryAfterMs = retryAfterMsOf(response);
  return {
    ...(body.success ? { code: body.data.error.code, message: body.data.error.message } : {}),
    ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
  };
}

/**
 * Asks the catalog's public HTTP API (`GET /api/v1/products/:id`) — a service never reads another's
 * schema. The base URL is read per call: the embedded host knows its own address only once it listens.
 *
 * Each call carries this service's signed identity and the user it is made for,
 * so the catalog counts it against that user's limit and share, not against one client that every
 * user of the notifier would share. Only a 404 (or a 400 for an id the catalog cannot read) and
 * the §4 placeholder are "no such listing"; a limit, a busy marketplace (also behind a
 * placeholder) or a failure is the catalog not answering now.
 */
export class HttpProductLookup implements ProductLookup {
  constructor(private readonly baseUrl: () => string | undefined) {}

  async lookup(
    productId: string,
    marketplace?: MarketplaceId,
    onBehalfOf?: VerifiedUser,
  ): Promise<ListingInfo | undefined> {
    const base = this.baseUrl();
    if (!base) throw new CatalogUnavailableError('CATALOG_URL is not configured');
    for (const id of catalogIdsOf(productId, marketplace)) {
      const found = await this.lookupOne(base, id, onBehalfOf);
      if (found) return found;
    }
    return undefined;
  }

  async matches(
    productId: string,
    marketplace: MarketplaceId,
    currency: string,
    onBehalfOf?: VerifiedUser,
  ): Promise<MatchedListing[]> {
    const base = this.baseUrl();
    if (!base) throw new CatalogUnavailableError('CATALOG_URL is not configured');
    // Matches are made per region; any region paying in the alert's currency will do.
    const region = REGIONS.find((r) => r.currency === currency)?.id ?? 'us';
    const id = catalogIdsOf(productId, marketplace)[0] ?? productId;
    let response: Response;
    try {
      response = await fetch(`${base}/api/v1/products/${encodeURIComponent(id)}/also-on?region=${region}`, {
        signal: AbortSignal.timeout(TIMEOUT_MS),
        headers: { accept: 'application/json', ...internalCallHeaders(NOTIFIER_SERVICE_NAME, onBehalfOf) },
      });
    } catch (error) {
      throw new CatalogUnavailableError(`catalog unreachable: ${(error as Error).message}`);
    }
    if (response.status === 429 && onBehalfOf) throw new CatalogUserLimitError(await refusalOf(response));
    if (!response.ok)
      throw new CatalogUnavailableError(`catalog answered ${response.status}`, await refusalOf(response));
    const parsed = AlsoOnResponseSchema.safeParse(await response.json().catch(() => undefined));
    if (!parsed.success) throw new CatalogUnavailableError('catalog answered an unexpected body');
    return parsed.data.listings.map((l) => ({
      productId: l.productId,
      marketplace: l.marketplace,
      title: l.title,
      ...(l.url ? { url: l.url } : {}),
      price: l.price,
      shipping: l.shippingCost,
      currency: l.currency,
    }));
  }

  private async lookupOne(
    base: string,
    id: string,
    onBehalfOf: VerifiedUser | undefined,
  ): Promise<ListingInfo | undefined> {
    let response: Response;
    try {
      response = await fetch(`${base}/api/v1/products/${encodeURIComponent(id)}`, {
        signal: AbortSignal.timeout(TIMEOUT_MS),
        headers: { accept: 'application/json', ...internalCallHeaders(NOTIFIER_SERVICE_NAME, onBehalfOf) },
      });
    } catch (error) {
      throw new CatalogUnavailableError(`catalog unreachable: ${(error as Error).message}`);
    }
    if (response.status === 404) {
      await response.body?.cancel();
      return undefined;
    }
    if (response.status === 429) {
      const refusal = await refusalOf(response);
      // With a user, the catalog counted the call against that user: their limit, their wait. A
      // call for no user hit this service's own budget, which is no fault of the person asking.
      if (onBehalfOf) throw new CatalogUserLimitError(refusal);
      throw new CatalogUnavailableError('catalog limited this service', refusal);
    }
    if (!response.ok) {
      const refusal = await refusalOf(response);
      // An id the catalog cannot read names no listing (the notifier checks ids by the same rule).
      if (response.status === 400 && refusal.code === 'invalid_product_id') return undefined;
      throw new CatalogUnavailableError(`catalog answered ${response.status}`, refusal);
    }
    const parsed = ProductResponseSchema.safeParse(await response.json().catch(() => undefined));
    if (!parsed.success) throw new CatalogUnavailableError('catalog answered an unexpected body');
    const { product, isPlaceholder, unavailable } = parsed.data;
    // A placeholder because the marketplace could not be asked says nothing about the listing.
    if (isPlaceholder && unavailable)
      throw new CatalogUnavailableError(
        `catalog could not ask the marketplace: ${unavailable.code}`,
        unavailable,
      );
    if (isPlaceholder || !(product.price > 0)) return undefined;
    return {
      ...(product.marketplace ? { marketplace: product.marketplace } : {}),
      title: product.title,
      ...(product.image ? { image: product.image } : {}),
      ...(product.url ? { url: product.url } : {}),
      price: product.price,
      currency: product.currency,
      ...(typeof product.shippingCost === 'number' ? { shipping: product.shippingCost } : {}),
    };
  }
}
