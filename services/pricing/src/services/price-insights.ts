/**
 * The points of a price history as the history reader combines them. Statistics, trend and the
 * buy-or-wait verdict are one rule in libs/domain (price-verdict, ARCHITECTURE §6).
 */
export interface PricePoint {
  at: Date;
  price: number;
  currency: string;
  /** demo: a point of a demo listing's simulated past (global_price_history source 'demo'). */
  source: 'global' | 'personal' | 'demo';
}

/**
 * Spec §7 get_combined_price_history: the global snapshots plus the caller's own. A signed-in
 * lookup writes both a global and a personal row for the same observation, and rows written
 * before the personal dedupe rule may repeat one observation several times: a
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
