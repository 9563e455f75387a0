import type { AlertKindName } from '@pt/contracts';
import { describeAlertRule, isLowestInDays, isPercentDrop } from '@pt/domain';
import type { AlertEntry, AlertKindChoice } from '../api/alert-actions';

/**
 * What a percent-drop or lowest-in-N alert watches, in words ("Lowest price in 90 days"), or
 * undefined for a target alert (whose target is shown converted into the region's currency).
 */
export function kindText(a: AlertEntry): string | undefined {
  if (a.kind === 'percent_drop' && a.percent !== undefined && a.basePrice !== undefined)
    return describeAlertRule(
      { kind: 'percent_drop', percent: a.percent, basePrice: a.basePrice },
      a.currency,
    );
  if (a.kind === 'lowest_in_days' && a.days !== undefined && isLowestInDays(a.days))
    return describeAlertRule({ kind: 'lowest_in_days', days: a.days }, a.currency);
  if (a.kind === 'back_in_stock')
    // Its side is the listing's availability: met while on sale, armed while gone.
    return `${describeAlertRule({ kind: 'back_in_stock' }, a.currency)} (${
      a.met
        ? 'on sale now: emails after it goes out of stock and comes back'
        : 'out of stock now: emails when it is back'
    })`;
  return undefined;
}

/** What the kind fields hold while edited: text as typed, checked on use. */
export interface KindDraft {
  kind: AlertKindName;
  percent: string;
  days: string;
}

/** The draft as the API takes it: undefined for a target alert; null when a parameter is invalid. */
export function kindChoice(draft: KindDraft): AlertKindChoice | undefined | null {
  if (draft.kind === 'target') return undefined;
  if (draft.kind === 'back_in_stock') return { kind: 'back_in_stock' };
  if (draft.kind === 'percent_drop') {
    const percent = Number(draft.percent);
    return draft.percent.trim() !== '' && isPercentDrop(percent) ? { kind: 'percent_drop', percent } : null;
  }
  const days = Number(draft.days);
  return isLowestInDays(days) ? { kind: 'lowest_in_days', days } : null;
}
