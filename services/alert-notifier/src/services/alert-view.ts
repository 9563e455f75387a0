import type { AlertView } from '@pt/contracts';
import type { MarketplaceId } from '@pt/domain';
import type { AlertRow } from '../repositories/alerts.repository';

const iso = (value: Date | string): string => new Date(value).toISOString();

/** A stored alert as the API shows it (§3 fields plus source and armed/met state). */
export function toAlertView(row: AlertRow): AlertView {
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
  };
}
