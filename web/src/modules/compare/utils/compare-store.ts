import type { Product } from '@pt/contracts';
import { landedTotal } from '@pt/domain';
import { jsonCodec, persistedStore, usePersisted } from '../../../lib/persisted-store';
import { LOCAL_KEYS } from '../../../lib/storage-keys';

/** The compare list: up to 4 products, kept in local storage so it survives reloads. */
export const COMPARE_LIMIT = 4;

const compareList = persistedStore<Product[]>({
  key: LOCAL_KEYS.compareList,
  codec: jsonCodec((v) => (Array.isArray(v) ? (v as Product[]).slice(0, COMPARE_LIMIT) : undefined)),
  fallback: () => [],
});
const read = compareList.get;
const write = compareList.set;

export type CompareOutcome = 'added' | 'already' | 'full';

export function addToCompare(product: Product): CompareOutcome {
  const list = read();
  if (list.some((p) => p.id === product.id)) return 'already';
  if (list.length >= COMPARE_LIMIT) return 'full';
  write([...list, product]);
  return 'added';
}

export const removeFromCompare = (id: string) => write(read().filter((p) => p.id !== id));
export const clearCompare = () => write([]);

export const useCompareList = (): Product[] => usePersisted(compareList);

/** Landed total in the shopper's currency (libs/domain, shared with the catalog's also-on answer). */
export { landedTotal };

/** The lowest landed total in `currency` (the shopper's); products without a price never win. */
export function bestValueId(products: readonly Product[], currency: string): string | undefined {
  let best: { id: string; total: number } | undefined;
  for (const p of products) {
    if (!(p.price > 0)) continue;
    const total = landedTotal(p, currency);
    if (!best || total < best.total) best = { id: p.id, total };
  }
  return best?.id;
}
