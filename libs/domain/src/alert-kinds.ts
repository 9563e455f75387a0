import { formatPrice, roundMoney } from './money';

/**
 * Alert kinds. Every kind follows ARCHITECTURE §6's once-per-crossing rule with
 * a threshold of its own: the alert fires when the price moves from above the threshold to at or
 * below it, and re-arms when a later price is above the threshold again.
 *
 * - target: the threshold is the target price.
 * - percent_drop: the threshold is P% below the price when the alert was set (its base price), so
 *   "20% off" means 20% cheaper than what the shopper saw, not than a 30-day average they never saw.
 * - lowest_in_days: the threshold moves. It is the listing's lowest price over the N days before
 *   the observation (N-1 earlier UTC days and the observation's own day up to it, as pricing's
 *   `lows` carry it): the price fires when it is at or below every price of that window, and the
 *   alert re-arms once a later observation is above the low before *it*. A further drop while met
 *   sends nothing; the price must climb above the running low first.
 * - back_in_stock: no price threshold; the crossing is the listing's availability. It fires when a
 *   listing observed unavailable becomes available again, and re-arms when it goes unavailable
 *   again (evaluateBackInStock). Price observations leave it as it is.
 */
export const ALERT_KINDS = ['target', 'percent_drop', 'lowest_in_days', 'back_in_stock'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** The windows a lowest-in-N alert may watch (Keepa's and Honey's usual spans). */
export const LOWEST_IN_DAYS = [30, 90, 365] as const;
export type LowestInDays = (typeof LOWEST_IN_DAYS)[number];

/** A drop smaller than 1% is noise; one above 90% is a listing error more than a deal. */
export const PERCENT_DROP_MIN = 1;
export const PERCENT_DROP_MAX = 90;

export type AlertRule =
  | { kind: 'target'; targetPrice: number }
  | { kind: 'percent_drop'; percent: number; basePrice: number }
  | { kind: 'lowest_in_days'; days: LowestInDays }
  | { kind: 'back_in_stock' };

/** The listing's lowest price over the `days` before an observation, and the day it was seen. */
export interface PriceLow {
  days: number;
  price: number;
  /** ISO date (or date-time) of that low. */
  at: string;
}

export interface AlertObservation {
  /** The new price, in the alert's currency. */
  price: number;
  /** In the alert's currency; absent when the event predates them (old producers). */
  lows?: readonly PriceLow[];
}

/** Why an alert fired: what the email, the API and the feed say, kept with the notification. */
export type AlertReason =
  | { kind: 'target'; price: number; targetPrice: number }
  | { kind: 'percent_drop'; price: number; percent: number; basePrice: number; threshold: number }
  | { kind: 'lowest_in_days'; price: number; days: number; previousLow: number; previousLowAt: string }
  | BackInStockReason;

/** Why a back-in-stock alert fired: the price it is back at, and since when it was unavailable. */
export interface BackInStockReason {
  kind: 'back_in_stock';
  /** In the alert's currency; absent when the listing came back without a known price. */
  price?: number;
  /** ISO date-time the listing was first seen unavailable, when known. */
  unavailableSince?: string;
}

export type AlertEvaluation =
  | { armed: boolean; fire: false; undecided?: 'no-price' | 'no-history' }
  | { armed: false; fire: true; reason: AlertReason };

/** P% below the base, to the cent: at or below it is "at least P% cheaper". */
export function percentDropThreshold(basePrice: number, percent: number): number {
  return roundMoney((basePrice * (100 - percent)) / 100);
}

export function isLowestInDays(days: number): days is LowestInDays {
  return (LOWEST_IN_DAYS as readonly number[]).includes(days);
}

export function isPercentDrop(percent: number): boolean {
  return Number.isInteger(percent) && percent >= PERCENT_DROP_MIN && percent <= PERCENT_DROP_MAX;
}

/** The price the rule compares with, or undefined when this observation cannot say. */
function thresholdOf(
  rule: AlertRule,
  observation: AlertObservation,
): { value: number; low?: PriceLow } | undefined {
  switch (rule.kind) {
    case 'target':
      return { value: rule.targetPrice };
    case 'percent_drop':
      return { value: percentDropThreshold(rule.basePrice, rule.percent) };
    case 'lowest_in_days': {
      const low = observation.lows?.find((l) => l.days === rule.days);
      return low && low.price > 0 ? { value: low.price, low } : undefined;
    }
    case 'back_in_stock':
      return undefined;
  }
}

function reasonOf(rule: AlertRule, price: number, threshold: { value: number; low?: PriceLow }): AlertReason {
  switch (rule.kind) {
    case 'target':
      return { kind: 'target', price, targetPrice: rule.targetPrice };
    case 'percent_drop':
      return {
        kind: 'percent_drop',
        price,
        percent: rule.percent,
        basePrice: rule.basePrice,
        threshold: threshold.value,
      };
    case 'lowest_in_days':
      return {
        kind: 'lowest_in_days',
        price,
        days: rule.days,
        previousLow: threshold.value,
        previousLowAt: threshold.low?.at ?? '',
      };
    case 'back_in_stock':
      return { kind: 'back_in_stock', price };
  }
}

/**
 * One observation against an alert of any kind. `armed` is the alert's remembered side: true
 * while the last decided price was above the threshold. An observation that cannot be decided (no
 * price; a lowest-in-N alert and an event without the listing's lows) leaves the side as it was.
 */
export function evaluateAlertKind(
  state: { armed: boolean; rule: AlertRule },
  observation: AlertObservation,
): AlertEvaluation {
  // Its crossing is availability (evaluateBackInStock): a price tells it nothing.
  if (state.rule.kind === 'back_in_stock') return { armed: state.armed, fire: false };
  const price = observation.price;
  if (!(price > 0)) return { armed: state.armed, fire: false, undecided: 'no-price' };
  const threshold = thresholdOf(state.rule, observation);
  if (!threshold) return { armed: state.armed, fire: false, undecided: 'no-history' };
  // A target of 0 (a wishlist alert on a listing whose price was unknown) never fires.
  if (!(threshold.value > 0) || price > threshold.value) return { armed: true, fire: false };
  if (!state.armed) return { armed: false, fire: false };
  return { armed: false, fire: true, reason: reasonOf(state.rule, price, threshold) };
}

/**
 * A new (or changed) alert's side, from the price when it is set. A lowest-in-N alert starts armed:
 * its threshold is only known with the next observation, and a shopper who sets it at today's low
 * wants to hear of the next one.
 */
export function initialArmed(rule: AlertRule, currentPrice: number | null | undefined): boolean {
  if (typeof currentPrice !== 'number' || !(currentPrice > 0)) return true;
  switch (rule.kind) {
    case 'target':
      return currentPrice > rule.targetPrice;
    case 'percent_drop':
      return currentPrice > percentDropThreshold(rule.basePrice, rule.percent);
    case 'lowest_in_days':
      return true;
    case 'back_in_stock':
      return initialBackInStockArmed(undefined);
  }
}

/** What a listing's availability event says (pricing's listing.availability-changed). */
export interface AvailabilityObservation {
  available: boolean;
  /** The price it is back at, in the alert's currency, when known. */
  price?: number;
  /** When it was first seen unavailable (the previous unavailable event's time), when known. */
  unavailableSince?: string;
}

/**
 * A back-in-stock alert against one availability observation, with the once-per-crossing rule of
 * the price kinds: `armed` is true while the listing is (last seen) unavailable. Unavailable arms
 * it (again); available fires when armed and leaves it met, so a second "available" (a redelivery,
 * or a listing that was never gone) sends nothing until the listing is gone once more.
 */
export function evaluateBackInStock(
  state: { armed: boolean },
  observation: AvailabilityObservation,
): AlertEvaluation {
  if (!observation.available) return { armed: true, fire: false };
  if (!state.armed) return { armed: false, fire: false };
  const reason: BackInStockReason = {
    kind: 'back_in_stock',
    ...(observation.price !== undefined && observation.price > 0 ? { price: observation.price } : {}),
    ...(observation.unavailableSince ? { unavailableSince: observation.unavailableSince } : {}),
  };
  return { armed: false, fire: true, reason };
}

/**
 * A new (or changed, or switched back on) back-in-stock alert's side, from what is known of the
 * listing's availability. Unavailable: armed, the next "available" fires. Available, or not known
 * (no availability event seen: a listing is presumed on sale): met, so it first waits for an
 * out-of-stock period; an alert set on a listing in stock never fires just for being set.
 */
export function initialBackInStockArmed(available: boolean | undefined): boolean {
  return available === false;
}

/** "3 Oct" (UTC), with the year when it is not the year of `now`. */
function shortDay(iso: string, now?: Date): string {
  const date = new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso);
  if (Number.isNaN(date.getTime())) return iso;
  const sameYear = !now || date.getUTCFullYear() === now.getUTCFullYear();
  return date.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    ...(sameYear ? {} : { year: 'numeric' }),
    timeZone: 'UTC',
  });
}

/** The kind in a few words, for the alerts page and the email's alert line. */
export function describeAlertRule(rule: AlertRule, currency: string): string {
  switch (rule.kind) {
    case 'target':
      return `Target price ${formatPrice(rule.targetPrice, currency)}`;
    case 'percent_drop':
      return `${rule.percent}% below ${formatPrice(rule.basePrice, currency)} (the price when you set this alert)`;
    case 'lowest_in_days':
      return `Lowest price in ${rule.days} days`;
    case 'back_in_stock':
      return 'Back in stock';
  }
}

/** "back in stock at $41.20 (unavailable since 3 Oct)". */
function describeBackInStock(reason: BackInStockReason, currency: string, now?: Date): string {
  const at = reason.price !== undefined ? ` at ${formatPrice(reason.price, currency)}` : '';
  const since = reason.unavailableSince
    ? ` (unavailable since ${shortDay(reason.unavailableSince, now)})`
    : '';
  return `back in stock${at}${since}`;
}

/** Why it fired, in one line: "lowest in 90 days: $41.20, previous low $43.10 on 3 Oct". */
export function describeAlertReason(reason: AlertReason, currency: string, now?: Date): string {
  if (reason.kind === 'back_in_stock') return describeBackInStock(reason, currency, now);
  const price = formatPrice(reason.price, currency);
  switch (reason.kind) {
    case 'target':
      return `at or below your target of ${formatPrice(reason.targetPrice, currency)}: ${price}`;
    case 'percent_drop':
      return `${reason.percent}% below ${formatPrice(reason.basePrice, currency)} (the price when you set this alert): ${price}`;
    case 'lowest_in_days':
      return `lowest in ${reason.days} days: ${price}, previous low ${formatPrice(reason.previousLow, currency)}${reason.previousLowAt ? ` on ${shortDay(reason.previousLowAt, now)}` : ''}`;
  }
}
