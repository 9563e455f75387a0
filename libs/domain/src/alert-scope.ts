import { initialArmed, type AlertReason } from './alert-kinds';
import { landedPrice, type AlertBasis, type BasisReason } from './alert-basis';
import type { MarketplaceId } from './marketplaces';
import { convertCurrency, roundMoney } from './money';

/**
 * What an alert watches:
 * - listing: the one listing it was set on (every alert before scopes);
 * - any_marketplace: the listing and its matches on the other marketplaces (product-matching.ts),
 *   firing on the cheapest landed price of the group.
 *
 * Any-marketplace is offered for target alerts on the landed basis only. Listings on different
 * marketplaces differ mostly in shipping, so only item + shipping compares like with like; a
 * percentage needs one base price, which a group has not; a lowest-in-N threshold is one listing's
 * history; back in stock is one listing's availability.
 */
export const ALERT_SCOPES = ['listing', 'any_marketplace'] as const;
export type AlertScope = (typeof ALERT_SCOPES)[number];

/** Why a kind and basis cannot watch a scope, or undefined when they can. */
export function scopeProblem(
  scope: AlertScope,
  kind: string,
  basis: AlertBasis | undefined,
): string | undefined {
  if (scope === 'listing') return undefined;
  if (kind !== 'target')
    return `An any-marketplace alert is a target alert (a ${kind} alert watches one listing); use scope listing`;
  if (basis === 'item')
    return 'An any-marketplace alert compares landed prices (item + shipping); use basis landed';
  return undefined;
}

/** One listing of a group as last seen: its item price and shipping in its own currency. */
export interface GroupMember {
  listingKey: string;
  marketplace: MarketplaceId;
  productId: string;
  /** Undefined until a price is known. */
  price?: number | null;
  /** 0 = free; undefined or null = unknown (the landed price is unknown). */
  shipping?: number | null;
  currency: string;
  /** False while pricing reports the listing gone or out of stock. */
  available: boolean;
}

/** The cheapest member on sale, with its landed total and parts in the alert's currency. */
export interface GroupCheapest {
  member: GroupMember;
  itemPrice: number;
  shipping: number;
  landed: number;
}

/**
 * The group's cheapest landed price in `currency`: each member on sale with a known price and
 * shipping, converted with the domain rates (the ones also-on and the alerts use). A member whose
 * currency cannot be converted is left out. Undefined when no member can say.
 */
export function groupCheapest(members: readonly GroupMember[], currency: string): GroupCheapest | undefined {
  let best: GroupCheapest | undefined;
  for (const member of members) {
    if (!member.available || typeof member.price !== 'number' || !(member.price > 0)) continue;
    if (typeof member.shipping !== 'number') continue;
    const itemPrice = convertedOrUndefined(member.price, member.currency, currency);
    const shipping = convertedOrUndefined(member.shipping, member.currency, currency);
    if (itemPrice === undefined || shipping === undefined) continue;
    const landed = landedPrice(itemPrice, shipping);
    if (landed === undefined) continue;
    // Ties keep the earlier member (the alert's own listing comes first).
    if (!best || landed < best.landed) best = { member, itemPrice, shipping, landed };
  }
  return best;
}

function convertedOrUndefined(amount: number, from: string, to: string): number | undefined {
  if (from.toUpperCase() === to.toUpperCase() || amount === 0) return roundMoney(amount);
  const converted = convertCurrency(amount, from, to);
  return converted.ok ? converted.value.convertedAmount : undefined;
}

/** A group crossing: the target reason on the landed total, naming where it is cheapest. */
export type GroupReason = Extract<AlertReason, { kind: 'target' }> &
  Required<Pick<BasisReason, 'landed' | 'cheapest'>>;

export type GroupEvaluation =
  | { armed: boolean; fire: false; cheapest?: GroupCheapest; undecided?: 'no-price' }
  | { armed: false; fire: true; cheapest: GroupCheapest; reason: GroupReason };

/**
 * ARCHITECTURE §6 firing rule on the group minimum: fires when the cheapest landed price of the
 * members on sale crosses to at or below the target (armed before), re-arms when it rises above.
 * A group with no priced member leaves the side as it was.
 */
export function evaluateGroup(
  state: { armed: boolean; targetPrice: number },
  members: readonly GroupMember[],
  currency: string,
): GroupEvaluation {
  const cheapest = groupCheapest(members, currency);
  if (!cheapest) return { armed: state.armed, fire: false, undecided: 'no-price' };
  if (!(state.targetPrice > 0) || cheapest.landed > state.targetPrice)
    return { armed: true, fire: false, cheapest };
  if (!state.armed) return { armed: false, fire: false, cheapest };
  return {
    armed: false,
    fire: true,
    cheapest,
    reason: {
      kind: 'target',
      price: cheapest.landed,
      targetPrice: state.targetPrice,
      landed: { itemPrice: cheapest.itemPrice, shipping: cheapest.shipping },
      cheapest: { marketplace: cheapest.member.marketplace, productId: cheapest.member.productId },
    },
  };
}

/** A new group alert's side: armed unless the group's cheapest landed price is already at or below. */
export function initialGroupArmed(
  targetPrice: number,
  members: readonly GroupMember[],
  currency: string,
): boolean {
  return initialArmed({ kind: 'target', targetPrice }, groupCheapest(members, currency)?.landed);
}

/** The scope in words, for the alerts page and the email. */
export function describeScope(scope: AlertScope): string {
  return scope === 'any_marketplace' ? 'Any marketplace' : 'This listing';
}
