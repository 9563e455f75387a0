import type { CatalogProduct } from '@pt/contracts/catalog-api';
import {
  PriceBadgesResponseSchema,
  PRICE_BADGES_MAX_LISTINGS,
  type PriceBadgeRequestItem,
  type PriceBadgeView,
} from '@pt/contracts';
import { roundMoney } from '@pt/domain';
import { internalCallHeaders, type Logger } from '@pt/platform';

/** How often a pricing that does not answer is logged (once a minute is enough to be seen). */
const FAILURE_LOG_INTERVAL_MS = 60_000;

/**
 * A badge drawn in the listing's currency, restated in the currency the product is shown in at the
 * marketplace's own rate (shown price / listing price), so the range reads beside the price without
 * a second exchange rate. The level and label do not depend on the currency.
 */
export function inShownCurrency(badge: PriceBadgeView, product: CatalogProduct): PriceBadgeView {
  const listing = product.listingPrice;
  if (!listing || badge.currency === product.currency || badge.currency !== listing.currency) return badge;
  const rate = product.price / listing.amount;
  return {
    ...badge,
    rangeLow: roundMoney(badge.rangeLow * rate),
    rangeHigh: roundMoney(badge.rangeHigh * rate),
    currency: product.currency,
  };
}

/**
 * The good-price badges of one answer's products (ARCHITECTURE §6), asked of pricing in ONE
 * request: pricing owns the snapshots and their daily statistics, and the catalog never reads
 * another service's schema (§1). A badge is decoration: a pricing that fails, is not configured or
 * is slower than the deadline leaves the products without one, and the answer goes out on time.
 */
export class PriceBadgesClient {
  private lastFailureLogAt = -Infinity;

  constructor(
    private readonly baseUrl: () => string | undefined,
    private readonly deadlineMs: number,
    private readonly logger: Logger,
  ) {}

  /** The products with their badges where pricing had one; the same products otherwise. */
  async withBadges<P extends CatalogProduct>(products: readonly P[]): Promise<P[]> {
    const asked = products
      .map((p, index) => ({ p, index }))
      .filter(({ p }) => p.marketplace !== undefined && p.price > 0)
      .slice(0, PRICE_BADGES_MAX_LISTINGS);
    if (asked.length === 0) return [...products];
    const badges = await this.badges(
      asked.map(({ p }) => ({
        marketplace: p.marketplace!,
        productId: p.id,
        // The history is in the listing's currency: the badge compares the listing's own price.
        price: p.listingPrice?.amount ?? p.price,
        currency: p.listingPrice?.currency ?? p.currency,
      })),
    );
    if (!badges) return [...products];
    const byIndex = new Map(asked.map(({ index }, i) => [index, badges[i]]));
    return products.map((p, index) => {
      const badge = byIndex.get(index);
      return badge ? { ...p, priceBadge: inShownCurrency(badge, p) } : p;
    });
  }

  private async badges(listings: PriceBadgeRequestItem[]): Promise<(PriceBadgeView | null)[] | undefined> {
    const base = this.baseUrl();
    if (!base) return undefined;
    try {
      const response = await fetch(`${base}/api/v1/price-badges`, {
        method: 'POST',
        signal: AbortSignal.timeout(this.deadlineMs),
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          ...internalCallHeaders('catalog'),
        },
        body: JSON.stringify({ listings }),
      });
      if (!response.ok) {
        await response.body?.cancel();
        throw new Error(`pricing answered ${response.status}`);
      }
      const parsed = PriceBadgesResponseSchema.safeParse(await response.json());
      if (!parsed.success || parsed.data.badges.length !== listings.length)
        throw new Error('pricing answered an unexpected body');
      return parsed.data.badges;
    } catch (error) {
      const now = Date.now();
      if (now - this.lastFailureLogAt >= FAILURE_LOG_INTERVAL_MS) {
        this.lastFailureLogAt = now;
        this.logger.warn({ err: error }, 'price badges unavailable: answering without them');
      }
      return undefined;
    }
  }
}
