import { Inject, Injectable } from '@nestjs/common';
import type { PriceChangedPayload } from '@pt/contracts';
import { listingIdOf, listingKeyOf, type MarketplaceId } from '@pt/domain';
import type { CatalogConfig } from '../config';
import { ProductsCacheRepository } from '../repositories/products-cache.repository';
import { CATALOG_CONFIG, SEARCH_CACHE } from '../tokens';
import { HotProductsService } from './hot-products.service';
import type { SearchResultCache } from './search-cache';

/**
 * The ids products_cache may hold one listing under: rows are keyed by the id the driver answered
 * with ("v1|285…|0" for eBay, "aliexpress_1005…" for AliExpress), pricing names the listing by its
 * listing id ("285…", "1005…"). Only forms that name the same listing are returned.
 */
export function cacheIdsOfListing(marketplace: MarketplaceId, productId: string): string[] {
  const listingId = listingIdOf(marketplace, productId);
  const forms =
    marketplace === 'ebay'
      ? [`v1|${listingId}|0`, listingId, `ebay_${listingId}`]
      : marketplace === 'aliexpress'
        ? [`aliexpress_${listingId}`, listingId, `ae_${listingId}`]
        : [listingId];
  const key = listingKeyOf(marketplace, listingId);
  return [...new Set(forms)].filter((id) => listingKeyOf(marketplace, id) === key);
}

/**
 * ARCHITECTURE §6 freshness: a price pricing recorded (price.changed, from a poll or a lookup)
 * reaches every cached view of the listing — the shared products_cache rows, and this process's
 * hot-products LRU and search answers — so the product page, search and Pro pages show what the
 * alert and its email say.
 */
@Injectable()
export class RecordedPricesService {
  constructor(
    private readonly cache: ProductsCacheRepository,
    private readonly hot: HotProductsService,
    @Inject(SEARCH_CACHE) private readonly searches: SearchResultCache | undefined,
    @Inject(CATALOG_CONFIG) private readonly config: Pick<CatalogConfig, 'CATALOG_CACHE_TTL_MS'>,
  ) {}

  /** The shared table (idempotent: a row already at or past the observation is left alone). */
  async applyToTable(change: PriceChangedPayload): Promise<void> {
    await this.cache.applyRecordedPrice({
      ids: cacheIdsOfListing(change.marketplace, change.productId),
      marketplace: change.marketplace,
      price: change.newPrice,
      currency: change.currency,
      observedAt: new Date(change.observedAt),
      staleAgeMs: this.config.CATALOG_CACHE_TTL_MS,
    });
  }

  /**
   * This process's copies. The table is written first (again: a no-op when the shared consumer was
   * quicker) so that a read after the LRU lets go finds the new row, not the old one.
   */
  async applyHere(change: PriceChangedPayload, options: { table: boolean }): Promise<void> {
    if (options.table) await this.applyToTable(change);
    const listing = listingKeyOf(change.marketplace, change.productId);
    this.hot.forgetListing(listing);
    this.searches?.expireListing(listing);
  }
}
