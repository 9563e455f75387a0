import type { Product } from '@pt/contracts';
import { STORAGE_KEYS } from '@pt/domain';
import { jsonCodec, persistedStore } from './persisted-store';

/**
 * §3 local storage keys. The first six are the spec's exact names (persisted in users' browsers:
 * never rename); the others cover what §3 lists without naming, under one prefix of ours.
 */
export const LOCAL_KEYS = {
  ...STORAGE_KEYS,
  proMode: 'pt_pro_mode',
  cookieConsent: 'pt_cookie_consent',
  installPromptDismissed: 'pt_install_prompt_dismissed',
  notificationSettings: 'pt_notification_settings',
  monitoringEvents: 'pt_monitoring_events',
  recentlyViewed: 'pt_recently_viewed',
  compareList: 'pt_compare_list',
  searchHistory: 'pt_search_history',
  filters: 'pt_filters',
  authSession: 'pt_auth_session',
  /** The active list of a signed-in user (the server keeps lists, this browser the choice). */
  activeWishlist: 'pt_active_wishlist',
} as const;

/*
 * The recently viewed list sits beside the keys, in the entry chunk: the product page writes it and
 * the home page reads it, and a module of its own would be one more file on the home page's first
 * screen, whose JavaScript budget it would not fit.
 */
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
