import {
  describeAlertReason,
  evaluateAlertKind,
  initialArmed,
  type AlertKind,
  type AlertReason,
  type AlertRule,
  type PriceLow,
} from './alert-kinds';
import { MARKETPLACE_NAMES, type MarketplaceId } from './marketplaces';
import { formatPrice, roundMoney } from './money';

/**
 * What price an alert compares with its threshold:
 * - item: the listing's item price (every alert before the basis existed);
 * - landed: item price + shipping, what the shopper actually pays to have it delivered.
 *
 * A landed alert needs the listing's shipping at the observation. When an observation does not
 * know it (an older producer, a marketplace that did not say), the landed price is unknown and the
 * alert keeps its side, exactly as a lowest-in-N alert does without lows.
 *
 * Landed basis is offered for target and percent_drop only. A lowest-in-N alert's threshold is the
 * listing's history low, and history keeps item prices: comparing a landed price with an item-price
 * low would fire on every listing that ships for free and never on one that does not.
 */
export const ALERT_BASES = ['item', 'landed'] as const;
export type AlertBasis = (typeof ALERT_BASES)[number];

/** The kinds a landed alert may be: those whose threshold is in the shopper's own terms. */
export const LANDED_BASIS_KINDS: readonly AlertKind[] = ['target', 'percent_drop'];

/** Why a kind cannot take a basis, or undefined when it can (item fits every kind). */
export function basisProblem(kind: string, basis: AlertBasis): string | undefined {
  if (basis === 'item' || (LANDED_BASIS_KINDS as readonly string[]).includes(kind)) return undefined;
  return `A ${kind} alert compares item prices (its history has no shipping); use basis item`;
}

/** Item + shipping, to the cent; undefined when the shipping is unknown. */
export function landedPrice(price: number, shipping: number | null | undefined): number | undefined {
  if (typeof shipping !== 'number' || !Number.isFinite(shipping) || shipping < 0) return undefined;
  return roundMoney(price + shipping);
}

/**
 * A landed crossing says what it added up: the reason's `price` is then the landed total. An
 * any-marketplace crossing (alert-scope.ts) also names the listing that was cheapest.
 */
export type BasisReason = AlertReason & {
  landed?: { itemPrice: number; shipping: number };
  cheapest?: { marketplace: MarketplaceId; productId: string };
};

export type BasisEvaluation =
  | { armed: boolean; fire: false; undecided?: 'no-price' | 'no-history' | 'no-shipping' }
  | { armed: false; fire: true; reason: BasisReason };

/** One observation: the item price, the listing's shipping when known, and lows (item prices). */
export interface BasisObservation {
  price: number;
  shipping?: number | null;
  lows?: readonly PriceLow[];
}

/**
 * evaluateAlertKind on the alert's basis. An item alert ignores shipping; a landed alert compares
 * price + shipping, and leaves its side as it was when shipping is unknown.
 */
export function evaluateAlertOnBasis(
  state: { armed: boolean; rule: AlertRule; basis: AlertBasis },
  observation: BasisObservation,
): BasisEvaluation {
  const { rule, armed } = state;
  if (state.basis === 'item') return evaluateAlertKind({ armed, rule }, observation);
  if (!(observation.price > 0)) return { armed, fire: false, undecided: 'no-price' };
  const landed = landedPrice(observation.price, observation.shipping);
  if (landed === undefined) return { armed, fire: false, undecided: 'no-shipping' };
  const result = evaluateAlertKind({ armed, rule }, { ...observation, price: landed });
  if (!result.fire) return result;
  const shipping = roundMoney(landed - observation.price);
  return { ...result, reason: { ...result.reason, landed: { itemPrice: observation.price, shipping } } };
}

/**
 * A new (or changed) alert's side from the price when it is set. A landed alert whose shipping is
 * unknown starts armed: the shopper asked to hear of the next landed price at or below the line.
 */
export function initialArmedOnBasis(
  rule: AlertRule,
  basis: AlertBasis,
  price: number | null | undefined,
  shipping: number | null | undefined,
): boolean {
  if (basis === 'item') return initialArmed(rule, price);
  if (typeof price !== 'number' || !(price > 0)) return true;
  const landed = landedPrice(price, shipping);
  return landed === undefined ? true : initialArmed(rule, landed);
}

/** "landed $45.19 ($41.20 + $3.99 shipping)". */
export function describeLanded(total: number, itemPrice: number, shipping: number, currency: string): string {
  const shippingText = shipping > 0 ? `${formatPrice(shipping, currency)} shipping` : 'free shipping';
  return `landed ${formatPrice(total, currency)} (${formatPrice(itemPrice, currency)} + ${shippingText})`;
}

/** The basis in words, for the alerts page and the email. */
export function describeBasis(basis: AlertBasis): string {
  return basis === 'landed' ? 'Price with shipping' : 'Item price';
}

/**
 * Why it fired, in one line; a landed crossing names the total and its parts:
 * "landed $45.19 ($41.20 + $3.99 shipping) is at or below your target $46.00".
 */
export function describeBasisReason(reason: BasisReason, currency: string, now?: Date): string {
  const landed = reason.landed;
  // Back in stock compares no price: it has no landed basis.
  if (!landed || reason.kind === 'back_in_stock') return describeAlertReason(reason, currency, now);
  const total = describeLanded(reason.price, landed.itemPrice, landed.shipping, currency);
  switch (reason.kind) {
    case 'target': {
      const where = reason.cheapest
        ? `cheapest on ${MARKETPLACE_NAMES[reason.cheapest.marketplace] ?? reason.cheapest.marketplace}: `
        : '';
      return `${where}${total} is at or below your target ${formatPrice(reason.targetPrice, currency)}`;
    }
    case 'percent_drop':
      return `${total} is ${reason.percent}% or more below ${formatPrice(reason.basePrice, currency)} (the landed price when you set this alert)`;
    default:
      return `${describeAlertReason(reason, currency, now)}, ${total}`;
  }
}
