import type { AlertKindName } from '@pt/contracts';
import {
  basisProblem,
  landedPrice,
  percentDropThreshold,
  roundMoney,
  type AlertBasis,
  type AlertRule,
  type LowestInDays,
} from '@pt/domain';
import { AppError } from '@pt/platform';
import type { AlertRow } from '../repositories/alerts.repository';

/** An alert's kind as stored: the parameter columns and target_price (see migration 007). */
export type StoredRule = Pick<AlertRow, 'kind' | 'targetPrice' | 'percent' | 'days' | 'basePrice'>;

export interface RuleRequest {
  kind: AlertKindName;
  targetPrice?: number;
  percent?: number;
  days?: number;
}

/**
 * The stored columns of a requested rule. A percent drop is measured from `currentPrice` (the
 * price when it is set, in the alert's currency) unless `keepBase` carries the base of the alert
 * it edits: changing 20% to 10% keeps "below $52.00", the price the shopper saw when setting it.
 * The request schema has already checked each kind's parameter.
 */
export function storedRule(request: RuleRequest, currentPrice: number, keepBase?: number | null): StoredRule {
  switch (request.kind) {
    case 'target':
      return {
        kind: 'target',
        targetPrice: roundMoney(request.targetPrice ?? 0),
        percent: null,
        days: null,
        basePrice: null,
      };
    case 'percent_drop': {
      const basePrice = roundMoney(keepBase ?? currentPrice);
      if (!(basePrice > 0))
        throw AppError.badRequest(
          'A percentage alert needs the current price of the listing, which is unknown',
          undefined,
          'price_unknown',
        );
      const percent = request.percent ?? 0;
      return {
        kind: 'percent_drop',
        targetPrice: percentDropThreshold(basePrice, percent),
        percent,
        days: null,
        basePrice,
      };
    }
    case 'lowest_in_days':
      // Its threshold moves with the listing's history: target_price has nothing to hold.
      return {
        kind: 'lowest_in_days',
        targetPrice: 0,
        percent: null,
        days: request.days ?? 0,
        basePrice: null,
      };
    case 'back_in_stock':
      // No price threshold: its crossing is the listing's availability.
      return { kind: 'back_in_stock', targetPrice: 0, percent: null, days: null, basePrice: null };
  }
}

/** The rule the domain evaluates, from stored columns (the table's CHECK guarantees the parameter). */
export function ruleOf(row: StoredRule): AlertRule {
  switch (row.kind) {
    case 'percent_drop':
      return { kind: 'percent_drop', percent: Number(row.percent), basePrice: Number(row.basePrice) };
    case 'lowest_in_days':
      return { kind: 'lowest_in_days', days: Number(row.days) as LowestInDays };
    case 'target':
      return { kind: 'target', targetPrice: Number(row.targetPrice) };
    case 'back_in_stock':
      return { kind: 'back_in_stock' };
  }
}

/** Each kind's one parameter; back in stock has none. */
const PARAMETER: Record<AlertKindName, 'targetPrice' | 'percent' | 'days' | undefined> = {
  target: 'targetPrice',
  percent_drop: 'percent',
  lowest_in_days: 'days',
  back_in_stock: undefined,
};

/**
 * PATCH's rule: the body's kind, or the alert's own when the body changes only a parameter (which
 * must then be that kind's). Undefined when the body changes no rule.
 */
export function ruleChange(
  existing: StoredRule,
  body: { kind?: AlertKindName; targetPrice?: number; percent?: number; days?: number },
): RuleRequest | undefined {
  const kind = body.kind ?? existing.kind;
  for (const [k, field] of Object.entries(PARAMETER))
    if (field && k !== kind && body[field] !== undefined)
      throw AppError.badRequest(
        `${field} is not a parameter of a ${kind} alert; give kind to change the kind`,
        undefined,
        'invalid_alert_kind',
      );
  const own = PARAMETER[kind];
  const given = own ? body[own] : undefined;
  if (body.kind === undefined && given === undefined) return undefined;
  return {
    kind,
    targetPrice: body.targetPrice ?? Number(existing.targetPrice),
    percent: body.percent ?? existing.percent ?? undefined,
    days: body.days ?? existing.days ?? undefined,
  };
}

/**
 * The price a rule is set against on its basis: the item price, or item + shipping. A landed
 * percentage alert measures from the landed price, so it needs the shipping (400 when unknown); a
 * landed target alert does not (it starts armed). A basis the kind cannot take is a 400.
 */
export function priceOnBasis(
  kind: AlertKindName,
  basis: AlertBasis,
  price: number,
  shipping: number | null | undefined,
): number {
  const problem = basisProblem(kind, basis);
  if (problem) throw AppError.badRequest(problem, undefined, 'invalid_alert_basis');
  if (basis === 'item') return price;
  const landed = landedPrice(price, shipping);
  if (landed !== undefined) return landed;
  if (kind === 'percent_drop')
    throw AppError.badRequest(
      "A landed percentage alert needs the listing's shipping, which is unknown; use basis item",
      undefined,
      'shipping_unknown',
    );
  return price;
}

/** The same rule (kind and parameter) as before: the alert keeps its side. */
export function sameRule(a: StoredRule, b: StoredRule): boolean {
  return (
    a.kind === b.kind &&
    Number(a.targetPrice) === Number(b.targetPrice) &&
    a.percent === b.percent &&
    a.days === b.days &&
    Number(a.basePrice ?? 0) === Number(b.basePrice ?? 0)
  );
}
