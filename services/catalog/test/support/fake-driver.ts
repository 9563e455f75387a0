import { convertCurrency, formatPrice, getRegion, type RegionId } from '@pt/domain';
import {
  AliExpressApiError,
  EbayApiError,
  ebaySiteCurrency,
  type ItemOptions,
  type DriverMarketplace,
  type GetItemsResult,
  type HotQuery,
  type MarketplaceDriver,
  type MarketplaceErrorCode,
  type MarketplaceProduct,
  type SearchQuery,
  type SearchResult,
} from '@pt/marketplaces';
import type { CatalogDrivers } from '../../src';

/** A MarketplaceProduct with sensible defaults; ids follow the marketplace's format. */
export function fakeProduct(
  marketplace: DriverMarketplace,
  n: string,
  overrides: Partial<MarketplaceProduct> = {},
): MarketplaceProduct {
  const price = overrides.price?.amount ?? 25;
  const id = marketplace === 'ebay' ? `v1|${n}|0` : `aliexpress_${n}`;
  return {
    id,
    title: `Product ${n}`,
    description: `Description of ${n}`,
    price: { amount: price, currency: 'USD', formattedPrice: formatPrice(price, 'USD') },
    currency: 'USD',
    imageUrl: `https://img.example.com/${n}.jpg`,
    images: [`https://img.example.com/${n}.jpg`],
    url: `https://${marketplace}.example.com/item/${n}`,
    marketplace,
    marketplaceName: marketplace === 'ebay' ? 'eBay' : 'AliExpress',
    rating: 4.5,
    reviewCount: 10,
    seller: { name: 'seller' },
    shipping: { price: 0, formattedPrice: '$0.00', isFree: true },
    freeShipping: true,
    availability: 'in_stock',
    features: [],
    specifications: {},
    categories: ['Electronics'],
    condition: 'New',
    lastUpdated: new Date(0).toISOString(),
    isSponsored: false,
    ...overrides,
  };
}

type Method = 'search' | 'getItem' | 'hot';

/**
 * An in-memory marketplace behind the driver interface: search matches every query word in the
 * title (and applies the price range), getItem finds by id (or by the item number inside it), and failures are scripted.
 */
export class FakeDriver implements MarketplaceDriver {
  readonly calls: Array<{ method: Method; arg: unknown }> = [];
  private readonly failures = new Map<Method, MarketplaceErrorCode | Error>();
  private delayMs = 0;
  /**
   * When true, answers are priced like the real marketplaces price by region: eBay in the eBay
   * site's currency, AliExpress in the region's (products are stored in USD; §9 fallback rates).
   */
  regionalPrices = false;

  constructor(
    readonly marketplace: DriverMarketplace,
    public products: MarketplaceProduct[] = [],
  ) {}

  /** Every later call of `method` fails with the marketplace error of `code` (or throws `error`). */
  fail(method: Method, failure: MarketplaceErrorCode | Error): this {
    this.failures.set(method, failure);
    return this;
  }

  heal(): this {
    this.failures.clear();
    this.delayMs = 0;
    this.regionalPrices = false;
    return this;
  }

  slow(ms: number): this {
    this.delayMs = ms;
    return this;
  }

  count(method: Method): number {
    return this.calls.filter((c) => c.method === method).length;
  }

  async search(query: SearchQuery): Promise<SearchResult> {
    await this.enter('search', query);
    const words = query.q.toLowerCase().split(' ').filter(Boolean);
    // Like the marketplaces, the price range is applied server-side, to the price it answers with.
    const matches = this.products
      .filter((p) => words.every((w) => `${p.title} ${p.id}`.toLowerCase().includes(w)))
      .map((p) => this.priced(p, query.region))
      .filter(
        (p) =>
          (query.minPrice === undefined || p.price.amount >= query.minPrice) &&
          (query.maxPrice === undefined || p.price.amount <= query.maxPrice),
      );
    const limit = query.limit ?? 20;
    const offset = query.offset ?? 0;
    const page = matches.slice(offset, offset + limit);
    return {
      marketplace: this.marketplace,
      products: page,
      total: matches.length,
      offset,
      limit,
      hasMore: offset + limit < matches.length,
      dropped: 0,
    };
  }

  async getItem(id: string, options: ItemOptions = {}): Promise<MarketplaceProduct> {
    await this.enter('getItem', id);
    // Like the real drivers: the bare item number finds the product too.
    const found = this.products.find(
      (p) => p.id === id || p.id === `aliexpress_${id}` || p.id.includes(`|${id}|`),
    );
    if (!found) throw this.error('not_found');
    return this.priced(found, options.region);
  }

  private priced(product: MarketplaceProduct, region: RegionId = 'us'): MarketplaceProduct {
    if (!this.regionalPrices) return product;
    const currency = this.marketplace === 'ebay' ? ebaySiteCurrency(region) : getRegion(region).currency;
    const convert = (amount: number) => {
      const converted = convertCurrency(amount, product.currency, currency);
      return converted.ok ? converted.value.convertedAmount : amount;
    };
    const amount = convert(product.price.amount);
    return {
      ...product,
      currency,
      price: { amount, currency, formattedPrice: formatPrice(amount, currency) },
      ...(product.originalPrice !== undefined ? { originalPrice: convert(product.originalPrice) } : {}),
    };
  }

  async getItems(ids: readonly string[]): Promise<GetItemsResult> {
    const products = this.products.filter((p) => ids.includes(p.id));
    return {
      marketplace: this.marketplace,
      products,
      notFound: ids.filter((id) => !products.some((p) => p.id === id)),
      failed: [],
    };
  }

  async hot(query: HotQuery = {}): Promise<SearchResult> {
    await this.enter('hot', query);
    const limit = query.limit ?? 20;
    const products = this.products.slice(0, limit);
    return {
      marketplace: this.marketplace,
      products,
      total: this.products.length,
      offset: 0,
      limit,
      hasMore: false,
      dropped: 0,
    };
  }

  private async enter(method: Method, arg: unknown): Promise<void> {
    this.calls.push({ method, arg });
    if (this.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    const failure = this.failures.get(method);
    if (failure instanceof Error) throw failure;
    if (failure) throw this.error(failure);
  }

  private error(code: MarketplaceErrorCode) {
    return this.marketplace === 'ebay'
      ? new EbayApiError({ code, status: code === 'rate_limited' ? 429 : undefined })
      : new AliExpressApiError({ code });
  }
}

export function fakeDrivers(...drivers: FakeDriver[]): CatalogDrivers {
  return {
    list: drivers,
    get: (marketplace) => drivers.find((d) => d.marketplace === marketplace),
    unavailable: Object.fromEntries(
      (['ebay', 'aliexpress'] as const)
        .filter((m) => !drivers.some((d) => d.marketplace === m))
        .map((m) => [m, 'not configured in this test']),
    ),
  };
}
