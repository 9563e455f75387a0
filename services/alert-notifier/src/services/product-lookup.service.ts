import { ProductResponseSchema } from '@pt/contracts';
import type { MarketplaceId } from '@pt/domain';

/** What an alert needs to know about a listing. */
export interface ListingInfo {
  marketplace?: MarketplaceId;
  title: string;
  image?: string;
  url?: string;
  price: number;
  currency: string;
}

/** The catalog could not be asked (down, timed out, answered nonsense). */
export class CatalogUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CatalogUnavailableError';
  }
}

/**
 * The catalog as the notifier sees it: a listing by id, or undefined when the catalog knows no
 * such listing (its 4xx, or the §4 placeholder with no price, which is what it answers for an
 * eBay id it cannot find).
 */
export interface ProductLookup {
  lookup(productId: string, marketplace?: MarketplaceId): Promise<ListingInfo | undefined>;
}

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

/**
 * Asks the catalog's public HTTP API (`GET /api/v1/products/:id`) — a service never reads another's
 * schema. The base URL is read per call: the embedded host knows its own address only once it listens.
 */
export class HttpProductLookup implements ProductLookup {
  constructor(private readonly baseUrl: () => string | undefined) {}

  async lookup(productId: string, marketplace?: MarketplaceId): Promise<ListingInfo | undefined> {
    const base = this.baseUrl();
    if (!base) throw new CatalogUnavailableError('CATALOG_URL is not configured');
    for (const id of catalogIdsOf(productId, marketplace)) {
      const found = await this.lookupOne(base, id);
      if (found) return found;
    }
    return undefined;
  }

  private async lookupOne(base: string, id: string): Promise<ListingInfo | undefined> {
    let response: Response;
    try {
      response = await fetch(`${base}/api/v1/products/${encodeURIComponent(id)}`, {
        signal: AbortSignal.timeout(TIMEOUT_MS),
        headers: { accept: 'application/json' },
      });
    } catch (error) {
      throw new CatalogUnavailableError(`catalog unreachable: ${(error as Error).message}`);
    }
    if (response.status >= 400 && response.status < 500) return undefined;
    if (!response.ok) throw new CatalogUnavailableError(`catalog answered ${response.status}`);
    const parsed = ProductResponseSchema.safeParse(await response.json().catch(() => undefined));
    if (!parsed.success) throw new CatalogUnavailableError('catalog answered an unexpected body');
    const { product, isPlaceholder } = parsed.data;
    if (isPlaceholder || !(product.price > 0)) return undefined;
    return {
      ...(product.marketplace ? { marketplace: product.marketplace } : {}),
      title: product.title,
      ...(product.image ? { image: product.image } : {}),
      ...(product.url ? { url: product.url } : {}),
      price: product.price,
      currency: product.currency,
    };
  }
}
