import {
  HISTORY_CURRENCIES,
  PriceBadgesResponseSchema,
  PriceHistoryViewSchema,
  type DatedPrice,
} from '@pt/contracts';
import { DEAL_WINDOW_DAYS } from '@pt/domain';
import { readFromService, type Logger } from '@pt/platform';
import type { ChartPoint } from './email-chart/history-chart';

/** What a price-drop email shows of the listing's history, in the alert's currency. */
export interface PriceContext {
  points: ChartPoint[];
  lowest: DatedPrice | null;
  highest: DatedPrice | null;
  /** The good-price badge at the price now ("Lowest in 90 days"), when the history says one. */
  badge?: string;
}

/** The days of history an email charts: the badge's and the deals' window. */
export const EMAIL_HISTORY_DAYS = DEAL_WINDOW_DAYS;

/** How often a pricing that does not answer is logged (once a minute is enough to be seen). */
const FAILURE_LOG_INTERVAL_MS = 60_000;

/**
 * Pricing's view of a listing for a price-drop email: its last 90 days in the alert's currency and
 * the badge at the price now, read when the email is sent (pricing owns the history). Decoration:
 * not configured, slow or failing, and the email goes out without them.
 */
export class PriceContextClient {
  private lastFailureLogAt = -Infinity;

  constructor(
    private readonly baseUrl: () => string | undefined,
    private readonly deadlineMs: number,
    private readonly logger: Logger,
  ) {}

  async forDrop(listing: {
    marketplace: string;
    productId: string;
    currency: string;
  }): Promise<PriceContext | undefined> {
    const base = this.baseUrl();
    if (!base || !HISTORY_CURRENCIES.includes(listing.currency)) return undefined;
    const read = { caller: 'alert-notifier', deadlineMs: this.deadlineMs };
    try {
      const query = new URLSearchParams({
        marketplace: listing.marketplace,
        days: String(EMAIL_HISTORY_DAYS),
        currency: listing.currency,
      });
      const view = await readFromService(
        `${base}/api/v1/products/${encodeURIComponent(listing.productId)}/price-history?${query}`,
        PriceHistoryViewSchema,
        read,
      );
      const last = view.points[view.points.length - 1];
      const context: PriceContext = {
        points: view.points.map((p) => ({ at: new Date(p.date), price: p.price })),
        lowest: view.statistics.lowest,
        highest: view.statistics.highest,
      };
      if (!last || !view.listingCurrency) return context;
      // The badge is the listing's own history's, at its own price (ARCHITECTURE §6).
      const badges = await readFromService(`${base}/api/v1/price-badges`, PriceBadgesResponseSchema, {
        ...read,
        init: {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            listings: [
              {
                marketplace: view.marketplace,
                productId: view.productId,
                price: last.listingPrice,
                currency: view.listingCurrency,
              },
            ],
          }),
        },
      });
      const badge = badges.badges[0]?.label;
      return badge ? { ...context, badge } : context;
    } catch (error) {
      const now = Date.now();
      if (now - this.lastFailureLogAt >= FAILURE_LOG_INTERVAL_MS) {
        this.lastFailureLogAt = now;
        this.logger.warn(
          { err: error },
          'price history unavailable: the price-drop email goes without its chart',
        );
      }
      return undefined;
    }
  }
}
