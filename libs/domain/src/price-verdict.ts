import { formatPrice, roundMoney } from './money';
import { DAY_MS } from './time';

/**
 * Buy-or-wait from a listing's own history (ARCHITECTURE §6 "Price verdict and good price badge":
 * one rule, from the listing's history in one currency, silent until that history spans enough
 * time to mean it). Pure: every figure is computed from the points given, so the reason shown to
 * the shopper is checkable.
 */

/** A recorded price; every point given to one call is in one currency. */
export interface VerdictPoint {
  at: Date;
  price: number;
}

export type PriceTrend = 'rising' | 'falling' | 'stable' | 'unknown';
export type VerdictAction = 'buy' | 'wait' | 'unknown';
export interface Verdict {
  action: VerdictAction;
  reason: string;
}

/** A fitted change smaller than this share of the mean price over the window counts as stable. */
export const STABLE_TREND_SHARE = 0.02;
/** "at or near the 90-day low": at most this much above it. */
export const NEAR_LOW_SHARE = 0.02;
/** Above the 30-day average by more than this is clearly expensive. */
export const ABOVE_AVERAGE_SHARE = 0.05;
/** The windows the verdict compares against, whatever window the shopper looks at. */
export const VERDICT_LOW_WINDOW_DAYS = 90;
export const VERDICT_AVERAGE_WINDOW_DAYS = 30;

/**
 * The least history a verdict needs: 3 points over at least 7 days of the 90-day window.
 * "At the 90-day low" after two views minutes apart is a claim about one moment, not about a
 * range; a week is the shortest span that covers a weekly promotion cycle (weekend sales) and
 * several 6-hour poll windows, and three points are the fewest from which a low, an average and a
 * direction are three different things. Shorter histories get no advice, and say how much is
 * missing.
 */
export const VERDICT_MIN_POINTS = 3;
export const VERDICT_MIN_SPAN_DAYS = 7;

export interface Summary {
  count: number;
  min: number | null;
  max: number | null;
  average: number | null;
}

export function summarize(points: readonly VerdictPoint[]): Summary {
  if (points.length === 0) return { count: 0, min: null, max: null, average: null };
  const prices = points.map((p) => p.price);
  return {
    count: points.length,
    min: Math.min(...prices),
    max: Math.max(...prices),
    average: roundMoney(prices.reduce((a, b) => a + b, 0) / prices.length),
  };
}

/**
 * Least-squares slope of price over time, expressed as the change it implies across the window
 * relative to the mean price: rising / falling beyond 2 %, stable within. Fewer than two points,
 * or all at one instant, cannot show a trend.
 */
export function priceTrend(points: readonly VerdictPoint[]): PriceTrend {
  if (points.length < 2) return 'unknown';
  const xs = points.map((p) => p.at.getTime());
  const ys = points.map((p) => p.price);
  const n = points.length;
  const meanX = xs.reduce((a, b) => a + b, 0) / n;
  const meanY = ys.reduce((a, b) => a + b, 0) / n;
  let sxx = 0;
  let sxy = 0;
  for (let i = 0; i < n; i++) {
    sxx += (xs[i] - meanX) ** 2;
    sxy += (xs[i] - meanX) * (ys[i] - meanY);
  }
  const span = Math.max(...xs) - Math.min(...xs);
  if (sxx === 0 || span === 0 || meanY <= 0) return 'unknown';
  const share = ((sxy / sxx) * span) / meanY;
  if (Math.abs(share) < STABLE_TREND_SHARE) return 'stable';
  return share > 0 ? 'rising' : 'falling';
}

/** Whole days between the oldest and the newest point (0 without points). */
export function historySpanDays(points: readonly VerdictPoint[]): number {
  if (points.length === 0) return 0;
  const times = points.map((p) => p.at.getTime());
  return (Math.max(...times) - Math.min(...times)) / DAY_MS;
}

export interface VerdictInput {
  /** The current price, in `currency`; null when none was recorded. */
  current: number | null;
  /** The currency of `current` and every point (the answer's currency). */
  currency: string;
  /** Points of the last 90 days and of the last 30 days, oldest first. */
  last90Days: readonly VerdictPoint[];
  last30Days: readonly VerdictPoint[];
}

/**
 * Buy or wait, with the reason in the shopper's words. Silent (`unknown`) without a current price
 * or with less history than VERDICT_MIN_POINTS over VERDICT_MIN_SPAN_DAYS. Otherwise:
 * 1. at or within 2 % of the 90-day low → buy;
 * 2. above the 30-day average and falling → wait (it is on its way down);
 * 3. more than 5 % above the 30-day average → wait;
 * 4. at or below the 30-day average → buy, unless still falling → wait;
 * 5. slightly above the average: buy when prices are rising (waiting costs), wait otherwise.
 */
export function buyOrWait({ current, currency, last90Days, last30Days }: VerdictInput): Verdict {
  if (current === null)
    return { action: 'unknown', reason: 'No price has been recorded for this product yet.' };
  const span = historySpanDays(last90Days);
  if (last90Days.length < VERDICT_MIN_POINTS || span < VERDICT_MIN_SPAN_DAYS) {
    return {
      action: 'unknown',
      reason: `Not enough price history yet: a verdict needs at least ${VERDICT_MIN_POINTS} prices over ${VERDICT_MIN_SPAN_DAYS} days.`,
    };
  }
  const money = (amount: number) => formatPrice(amount, currency);
  const low90 = Math.min(...last90Days.map((p) => p.price));
  if (current <= low90) return { action: 'buy', reason: `At the 90-day low of ${money(low90)}.` };
  if (current <= low90 * (1 + NEAR_LOW_SHARE))
    return { action: 'buy', reason: `Within 2% of the 90-day low of ${money(low90)}.` };
  const average30 = summarize(last30Days).average ?? summarize(last90Days).average!;
  const trend30 = priceTrend(last30Days);
  if (current > average30) {
    if (trend30 === 'falling')
      return { action: 'wait', reason: `Above the 30-day average of ${money(average30)} and falling.` };
    const above = Math.round(((current - average30) / average30) * 100);
    if (current > average30 * (1 + ABOVE_AVERAGE_SHARE)) {
      return { action: 'wait', reason: `${above}% above the 30-day average of ${money(average30)}.` };
    }
    if (trend30 === 'rising')
      return {
        action: 'buy',
        reason: `Prices are rising; within 5% of the 30-day average of ${money(average30)}.`,
      };
    return { action: 'wait', reason: `Slightly above the 30-day average of ${money(average30)}.` };
  }
  if (trend30 === 'falling')
    return { action: 'wait', reason: `Below the 30-day average of ${money(average30)}, but still falling.` };
  return { action: 'buy', reason: `At or below the 30-day average of ${money(average30)}.` };
}
