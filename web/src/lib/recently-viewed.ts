import type { Product } from '@pt/contracts';
import { jsonCodec, persistedStore } from './persisted-store';
import { LOCAL_KEYS } from './storage-keys';

export type RecentlyViewed = Pick<Product, 'id' | 'title'>;

/** How many viewed products are remembered (the home page shows the first six). */
const RECENTLY_VIEWED_KEPT = 12;

const isEntry = (v: unknown): v is RecentlyViewed =>
  typeof v === 'object' && v !== null && typeof (v as RecentlyViewed).id === 'string';

const recentlyViewed = persistedStore<RecentlyViewed[]>({
  key: LOCAL_KEYS.recentlyViewed,
  codec: jsonCodec((v) => (Array.isArray(v) ? v.filter(isEntry) : undefined)),
  fallback: () => [],
});

/** The products this browser looked at, newest first: written by the product page, read by home. */
export const readRecentlyViewed = (): RecentlyViewed[] => recentlyViewed.readStored();

export function rememberViewed(product: RecentlyViewed): void {
  const next = [
    { id: product.id, title: product.title },
    ...readRecentlyViewed().filter((p) => p.id !== product.id),
  ].slice(0, RECENTLY_VIEWED_KEPT);
  recentlyViewed.set(next);
}
