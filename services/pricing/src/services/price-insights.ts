import { formatPrice, roundMoney } from '@pt/domain';

/**
 * Statistics, trend and the buy-or-wait verdict of a price history (issue 5 item 2). Pure: every
 * figure is computed from the points given, so the reason shown to the shopper is checkable.
 */
export interface PricePoint {
  at: Date;
  price: number;
  currency: string;
  source: 'global' | 'personal';
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

/**
 * Spec §7 get_combined_price_history: the global snapshots plus the caller's own. A signed-in
 * lookup writes both a global and a personal row for the same observation, and rows written
 * before the personal dedupe rule (issue 9 item 2) may repeat one observation several times: a
 * point is one (time, price, currency), counted once, shown as personal when the caller has it.
 */
export function combineHistory(global: readonly PricePoint[], personal: readonly PricePoint[]): PricePoint[] {
  const points = new Map<string, PricePoint>();
  // Personal first: of a global and a personal row of one observation, the personal one is kept.
  for (const p of [...personal, ...global]) {
    const key = `${p.at.getTime()}|${p.price}|${p.currency}`;
    if (!points.has(key)) points.set(key, p);
  }
  return [...points.values()].sort(
    (a, b) => a.at.getTime() - b.at.getTime() || (a.source === b.source ? 0 : a.source === 'global' ? -1 : 1),
  );
}

export interface Summary {
  count: number;
  min: number | null;
  max: number | null;
  average: number | null;
}

export function summarize(points: readonly PricePoint[]): Summary {
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
export function priceTrend(points: readonly PricePoint[]): PriceTrend {
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

export interface VerdictInput {
  current: number | null;
  currency: string;
  /** Points (in the current currency) of the last 90 days and of the last 30 days. */
  last90Days: readonly PricePoint[];
  last30Days: readonly PricePoint[];
}

/**
 * Buy or wait, with the reason in the shopper's words:
 * 1. at or within 2 % of the 90-day low → buy;
 * 2. above the 30-day average and falling → wait (it is on its way down);
 * 3. more than 5 % above the 30-day average → wait;
 * 4. at or below the 30-day average → buy, unless still falling → wait;
 * 5. slightly above the average: buy when prices are rising (waiting costs), wait otherwise.
 */
export function buyOrWait({ current, currency, last90Days, last30Days }: VerdictInput): Verdict {
  if (current === null)
    return { action: 'unknown', reason: 'No price has been recorded for this product yet.' };
  if (last90Days.length < 2)
    return { action: 'unknown', reason: 'Not enough price history yet to compare against.' };
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
