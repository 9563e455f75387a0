import { enoughHistory } from './price-badge';
import { VERDICT_LOW_WINDOW_DAYS } from './price-verdict';
import { DAY_MS } from './time';

/**
 * Deals from the listing's own history (PriceSpy's "below its own trend" idea), not from the
 * seller's strikethrough price: a listing is a deal when its landed price (price + shipping) is
 * below the median of its own prices over the trailing DEAL_WINDOW_DAYS, with the verdict's
 * evidence rule (enough points over enough days), and deals rank by the share below that median.
 *
 * The median rather than the mean: one short spike (a seller's "was" price parked for a day before a
 * "sale") moves a mean and barely moves a median, so inflating the past does not manufacture a deal.
 */

/** The trailing window whose median a deal is measured against (the verdict's 90 days). */
export const DEAL_WINDOW_DAYS = VERDICT_LOW_WINDOW_DAYS;
/**
 * A deal's price must have been observed this recently: an older "current" price may be gone, and
 * the stored median is anchored at the listing's latest observation.
 */
export const DEAL_FRESH_DAYS = 2;
/** The smallest drop worth calling a deal; smaller ones are noise in the median. */
export const DEAL_MIN_DROP_PERCENT = 1;
/** The largest minimum drop a shopper may ask for (the alerts' percentage bound). */
export const DEAL_MAX_DROP_PERCENT = 90;

/** A listing's stored deal statistics in its own currency. */
export interface DealStats {
  /** The latest observed item price and when. */
  price: number;
  observedAt: Date;
  /** Median of the snapshots in the DEAL_WINDOW_DAYS ending at `observedAt`. */
  median: number;
  points: number;
  firstAt: Date;
  lastAt: Date;
}

export interface HistoryDeal {
  /** The landed median and the landed price now (shipping added to both), in the listing's currency. */
  medianLanded: number;
  landed: number;
  /** Whole percent below the median, at least DEAL_MIN_DROP_PERCENT. */
  dropPercent: number;
}

/**
 * The deal a listing is now, or null: too little history, a stale price, or not below its median
 * by at least `minDropPercent`. Shipping is the listing's current shipping cost, added to both sides:
 * the history records item prices, and a landed price is what the shopper pays.
 */
export function historyDeal(
  stats: DealStats,
  shipping: number,
  now: Date,
  minDropPercent = DEAL_MIN_DROP_PERCENT,
): HistoryDeal | null {
  if (!enoughHistory(stats) || !(stats.price > 0) || !(stats.median > 0)) return null;
  if (now.getTime() - stats.observedAt.getTime() > DEAL_FRESH_DAYS * DAY_MS) return null;
  const ship = shipping > 0 ? shipping : 0;
  const landed = stats.price + ship;
  const medianLanded = stats.median + ship;
  const dropPercent = Math.floor(((medianLanded - landed) / medianLanded) * 100);
  if (dropPercent < Math.max(minDropPercent, DEAL_MIN_DROP_PERCENT)) return null;
  return { medianLanded, landed, dropPercent };
}

/**
 * How far above the highest price ever recorded a list price may be and still count as seen: the
 * marketplaces round "was" prices (49.99 shown as 50), so a cent-level gap is not a fake sale.
 */
export const LIST_PRICE_TOLERANCE_SHARE = 0.01;

/**
 * The fake-sale check: a strikethrough "original" price above the current one that the listing
 * never actually charged in its recorded history. Only said with enough history to know (the
 * verdict's rule); `highestEver` is the highest snapshot in the listing's currency, ever.
 */
export function listPriceNeverSeen(input: {
  price: number;
  originalPrice: number | undefined;
  highestEver: number;
  stats: Parameters<typeof enoughHistory>[0];
}): boolean {
  const { price, originalPrice, highestEver, stats } = input;
  if (originalPrice === undefined || !(originalPrice > price) || !enoughHistory(stats)) return false;
  return originalPrice > highestEver * (1 + LIST_PRICE_TOLERANCE_SHARE);
}
