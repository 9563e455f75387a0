import type { Product } from '@pt/contracts';
import { readJson, writeJson } from './storage';
import { LOCAL_KEYS } from './storage-keys';

export type RecentlyViewed = Pick<Product, 'id' | 'title'>;

/** How many viewed products are remembered (the home page shows the first six). */
const RECENTLY_VIEWED_KEPT = 12;

/** The products this browser looked at, newest first: written by the product page, read by home. */
export const readRecentlyViewed = (): RecentlyViewed[] =>
  readJson<RecentlyViewed[]>(LOCAL_KEYS.recentlyViewed) ?? [];

export function rememberViewed(product: RecentlyViewed): void {
  const next = [
    { id: product.id, title: product.title },
    ...readRecentlyViewed().filter((p) => p.id !== product.id),
  ].slice(0, RECENTLY_VIEWED_KEPT);
  writeJson(LOCAL_KEYS.recentlyViewed, next);
}
