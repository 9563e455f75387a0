import type { AlertView } from '@pt/contracts';
import {
  describeBasisReason,
  formatPrice,
  groupCheapest,
  type GroupMember,
  type MarketplaceId,
} from '@pt/domain';
import type { AlertRow, AlertWithLastFired } from '../repositories/alerts.repository';

const iso = (value: Date | string): string => new Date(value).toISOString();

/**
 * A stored alert as the API shows it: §3 fields plus source, armed/met state, kind with its
 * parameter, and (when listed with it) the last crossing and why it fired.
 */
export function toAlertView(row: AlertRow | AlertWithLastFired, group?: readonly GroupMember[]): AlertView {
  const fired = 'lastFiredAt' in row && row.lastFiredAt ? row : undefined;
  const cheapest = group ? groupCheapest(group, row.currency) : undefined;
  return {
    id: row.id,
    productId: row.productId,
    productTitle: row.productTitle,
    ...(row.productImage ? { productImage: row.productImage } : {}),
    ...(row.productUrl ? { productUrl: row.productUrl } : {}),
    targetPrice: Number(row.targetPrice),
    currentPrice: Number(row.currentPrice),
    currency: row.currency,
    ...(row.sourceCurrency ? { sourceCurrency: row.sourceCurrency } : {}),
    marketplace: row.marketplace as MarketplaceId,
    isActive: row.isActive,
    browserNotifications: row.browserNotifications,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    source: row.source,
    state: row.armed ? 'armed' : 'met',
    kind: row.kind,
    basis: row.basis,
    scope: row.scope,
    ...(row.scope === 'any_marketplace' && group ? { members: group.length } : {}),
    ...(cheapest
      ? {
          cheapest: {
            marketplace: cheapest.member.marketplace,
            productId: cheapest.member.productId,
            landed: cheapest.landed,
          },
        }
      : {}),
    ...(row.kind === 'percent_drop' && row.percent !== null ? { percent: row.percent } : {}),
    ...(row.kind === 'percent_drop' && row.basePrice !== null ? { basePrice: row.basePrice } : {}),
    ...(row.kind === 'lowest_in_days' && row.days !== null ? { days: row.days } : {}),
    // A listing gone from its marketplace keeps its alerts; the view says since when.
    ...('unavailableSince' in row && row.unavailableSince
      ? { unavailableSince: iso(row.unavailableSince) }
      : {}),
    ...(fired?.lastFiredAt
      ? {
          lastFired: {
            at: iso(fired.lastFiredAt),
            // Crossings recorded before kinds carry no reason: they were target crossings.
            reason: fired.lastReason
              ? describeBasisReason(fired.lastReason, row.currency)
              : `at or below your target of ${formatPrice(Number(row.targetPrice), row.currency)}`,
          },
        }
      : {}),
  };
}
