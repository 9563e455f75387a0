import { itemPriceSummary } from '@pt/domain';
import type { ItemRow, PricePoint } from '../repositories/wishlist-items.repository';

/** The item with its §9 summary recomputed from its prices (the target counts while the alert is on). */
export function summarized(item: ItemRow, points: readonly PricePoint[]): ItemRow {
  const summary = itemPriceSummary({
    priceWhenAdded: item.priceWhenAdded,
    price: item.price,
    history: points.map((p) => p.price),
    targetPrice: item.priceAlert && item.targetPrice !== null ? item.targetPrice : undefined,
  });
  return { ...item, ...summary };
}
