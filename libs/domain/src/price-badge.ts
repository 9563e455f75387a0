import { DAY_MS } from './time';
import { VERDICT_LOW_WINDOW_DAYS, VERDICT_MIN_POINTS, VERDICT_MIN_SPAN_DAYS } from './price-verdict';

/**
 * "Is this a good price?" at a glance (ARCHITECTURE §6 "Price verdict and good price badge"): the
 * badge on a result card and beside a product's price, from the listing's own history, by the
 * same evidence rule as the buy-or-wait verdict (VERDICT_MIN_POINTS over VERDICT_MIN_SPAN_DAYS of
 * the 90-day window), so the badge and the verdict are silent for the same listings.
 *
 * It reads stored statistics, not the points themselves: a search answer carries a badge per card,
 * and scanning each listing's history per request would cost a query per card.
 *
 * The band. The 90-day range [low, high] is split into quarters: the bottom quarter is "Low price",
 * the top quarter "High price", the middle half "Typical price" (Google Shopping's price insights
 * idea: low / typical / high against the listing's own usual range). Quarters of the range rather
 * than quartiles of the points because the range is what the shopper can check on the chart
 * (its lowest and highest step), and because a daily low/high rollup keeps it exact at any history
 * length, where a median would need every point. A range narrower than FLAT_RANGE_SHARE of its low
 * is no range at all (a price that never really moved): every price in it is "Typical".
 */

/** A 90-day range narrower than this share of its low has no low or high end worth naming. */
export const FLAT_RANGE_SHARE = 0.02;
/** Share of the 90-day range at each end that counts as low / high. */
export const BADGE_BAND_SHARE = 0.25;
/**
 * "Lowest in N days" needs N of at least a month: "lowest in 3 days" is noise, while a price not
 * beaten for a month is what a shopper waiting for a deal is waiting for.
 */
export const LOWEST_IN_MIN_DAYS = 30;

export type PriceBadgeLevel = 'low' | 'typical' | 'high';

export interface PriceBadge {
  level: PriceBadgeLevel;
  /** What the shopper reads: "Low price", "Typical price", "High price", "Lowest in 60 days". */
  label: string;
  /** Whole days no lower price was recorded, when that is at least LOWEST_IN_MIN_DAYS. */
  lowestInDays?: number;
  /** The 90-day range the band is drawn from, in `currency`. */
  rangeLow: number;
  rangeHigh: number;
  currency: string;
}

/**
 * A listing's stored statistics in one currency (the listing's), as of `now`, for one price
 * asked about. Window figures cover the last VERDICT_LOW_WINDOW_DAYS days.
 */
export interface PriceStats {
  currency: string;
  /** Snapshots recorded in the window. */
  points: number;
  low: number;
  high: number;
  /** The oldest and newest snapshot in the window (the verdict's "span"). */
  firstAt: Date;
  lastAt: Date;
  /** The listing's first snapshot in this currency, window or not. */
  firstSeenAt: Date;
  /** The latest snapshot strictly below the price asked about; null when none ever was. */
  lastBelowAt: Date | null;
}

export interface PriceBadgeInput {
  /** The price shown (the card's or the product page's), and its currency. */
  price: number;
  currency: string;
  stats: PriceStats | null;
  now: Date;
}

/** Whether stored statistics are enough evidence: the verdict's rule (price-verdict.ts). */
export function enoughHistory(stats: Pick<PriceStats, 'points' | 'firstAt' | 'lastAt'>): boolean {
  const spanDays = (stats.lastAt.getTime() - stats.firstAt.getTime()) / DAY_MS;
  return stats.points >= VERDICT_MIN_POINTS && spanDays >= VERDICT_MIN_SPAN_DAYS;
}

/**
 * The badge for a price, or null when there is nothing honest to say: no statistics, too little
 * history, a price in another currency than the history (a conversion would invent a move), or
 * no price.
 */
export function priceBadge({ price, currency, stats, now }: PriceBadgeInput): PriceBadge | null {
  if (!stats || !(price > 0) || stats.currency !== currency || !enoughHistory(stats)) return null;
  const range = { rangeLow: stats.low, rangeHigh: stats.high, currency };
  const width = stats.high - stats.low;
  const flat = width < stats.low * FLAT_RANGE_SHARE;

  const beatenAt = stats.lastBelowAt ?? stats.firstSeenAt;
  const unbeatenDays = Math.floor((now.getTime() - beatenAt.getTime()) / DAY_MS);
  // A flat price is "the lowest" only in the sense that it is also the highest: not a deal.
  if (!flat && price < stats.high && unbeatenDays >= LOWEST_IN_MIN_DAYS) {
    return { level: 'low', label: `Lowest in ${unbeatenDays} days`, lowestInDays: unbeatenDays, ...range };
  }
  if (flat) {
    // Outside a flat range is still a move: below it is low, above it high.
    if (price < stats.low) return { level: 'low', label: 'Low price', ...range };
    if (price > stats.high) return { level: 'high', label: 'High price', ...range };
    return { level: 'typical', label: 'Typical price', ...range };
  }
  if (price <= stats.low + width * BADGE_BAND_SHARE) return { level: 'low', label: 'Low price', ...range };
  if (price >= stats.high - width * BADGE_BAND_SHARE) return { level: 'high', label: 'High price', ...range };
  return { level: 'typical', label: 'Typical price', ...range };
}

/** The window the statistics cover, as the verdict's (days). */
export const BADGE_WINDOW_DAYS = VERDICT_LOW_WINDOW_DAYS;
