import type { CatalogProduct, DealsRequest } from '@pt/contracts/catalog-api';
import type { HistoryDeal } from '@pt/contracts';
import { DEAL_WINDOW_DAYS, amountIn, historyDeal, roundMoney, type MarketplaceId } from '@pt/domain';
import { ebaySiteCurrency } from '@pt/marketplaces';
import type { CachedProduct } from '../repositories/products-cache.repository';
import type { CatalogCategory } from './categories';
import { inCategory } from './categories';
import { cacheIdsOfListing } from './recorded-prices.service';
import { regionCurrency } from './region-currency';

/** What a Deals request narrows to, resolved (the category found, the region's currency). */
export interface DealFilters {
  request: DealsRequest;
  category: CatalogCategory | undefined;
  now: Date;
}

/** Where a deal card's product data comes from: a cached row, or a live answer in hand, and when. */
export interface DealSource {
  product: CatalogProduct;
  fetchedAt: Date;
}

/**
 * The product data known for deal cards by id: the cache's rows, and the live answers this request
 * already holds (fresher, so they win).
 */
export function dealSources(
  cached: ReadonlyMap<string, CachedProduct>,
  live: readonly CatalogProduct[],
  now: Date,
): Map<string, DealSource> {
  const sources = new Map<string, DealSource>(cached);
  for (const product of live) sources.set(product.id, { product, fetchedAt: now });
  return sources;
}

/** The products_cache ids to read for pricing's deals (every id form of each listing). */
export function cacheIdsOfDeals(deals: readonly HistoryDeal[]): string[] {
  return deals.flatMap((d) => cacheIdsOfListing(d.marketplace, d.productId));
}

/**
 * The multiplier from the product's shown currency into the listing's (the history's): 1 when they
 * are one, the marketplace's own rate when it converted the price; undefined when the cached row is
 * in a third currency (another region's answer), which cannot be restated without inventing a rate.
 */
function toListingCurrency(product: CatalogProduct, currency: string): number | undefined {
  if (product.currency === currency) return 1;
  if (product.listingPrice?.currency === currency) return product.listingPrice.amount / product.price;
  return undefined;
}

/**
 * Pricing's deals as the Deals page's cards: each listing's cached product data, its landed drop
 * (shipping added to the price and the median, libs/domain historyDeal), the shopper's filters
 * (marketplaces, the region's eBay site, category, minimum drop, landed-price range in the region's
 * currency), biggest drop first. A listing the catalog has no product data for is left out: a
 * card needs a title and a picture, and a live lookup per deal would spend the marketplaces' quota.
 */
export function dealCards(
  deals: readonly HistoryDeal[],
  sources: ReadonlyMap<string, DealSource>,
  { request, category, now }: DealFilters,
): CatalogProduct[] {
  const region = request.region;
  const shownIn = regionCurrency(region);
  const cards: CatalogProduct[] = [];
  for (const d of deals) {
    if (request.marketplace && !request.marketplace.includes(d.marketplace as MarketplaceId)) continue;
    // eBay is one site per region: a deal on another site's listing is not on this shopper's eBay.
    if (d.marketplace === 'ebay' && d.currency !== ebaySiteCurrency(region)) continue;
    const source = cacheIdsOfListing(d.marketplace, d.productId)
      .map((id) => sources.get(id))
      .find((c) => c !== undefined);
    if (!source) continue;
    const product = source.product;
    if (category && !inCategory(category, product.category)) continue;
    const rate = toListingCurrency(product, d.currency);
    if (rate === undefined) continue;
    const shipping = (product.shippingCost ?? 0) * rate;
    // The freshest price known: product data newer than pricing's observation (a live answer)
    // speaks for the listing now; the median is pricing's either way.
    const newer = source.fetchedAt.getTime() > new Date(d.observedAt).getTime();
    const price = newer ? roundMoney(product.price * rate) : d.price;
    const deal = historyDeal(
      {
        price,
        median: d.median,
        observedAt: new Date(d.observedAt),
        points: d.points,
        firstAt: new Date(d.since),
        lastAt: new Date(d.observedAt),
      },
      shipping,
      now,
      request.minDrop,
    );
    if (!deal) continue;
    // Pricing's latest observation is the price the deal is about when the product data lags it.
    const shown = rate === 1 ? { ...product, price } : product;
    const landed = amountIn(shown.price + (shown.shippingCost ?? 0), shown.currency, shownIn);
    if (request.minPrice !== undefined && landed < request.minPrice) continue;
    if (request.maxPrice !== undefined && landed > request.maxPrice) continue;
    cards.push({
      ...shown,
      historyDeal: {
        dropPercent: deal.dropPercent,
        medianLanded: roundMoney(deal.medianLanded / rate),
        currency: shown.currency,
        windowDays: DEAL_WINDOW_DAYS,
      },
    });
  }
  return cards.sort((a, b) => (b.historyDeal?.dropPercent ?? 0) - (a.historyDeal?.dropPercent ?? 0));
}

/** A marketplace's own discount passes the same filters, its listed discount standing for the drop. */
export function listedDealPasses(product: CatalogProduct, { request, category }: DealFilters): boolean {
  if ((product.discount ?? 0) < (request.minDrop ?? 1)) return false;
  if (request.marketplace && product.marketplace && !request.marketplace.includes(product.marketplace))
    return false;
  if (category && !inCategory(category, product.category)) return false;
  const landed = amountIn(
    product.price + (product.shippingCost ?? 0),
    product.currency,
    regionCurrency(request.region),
  );
  if (request.minPrice !== undefined && landed < request.minPrice) return false;
  return request.maxPrice === undefined || landed <= request.maxPrice;
}
