import type { FeatureFlag } from '@pt/domain';

/**
 * Main navigation; the Pro links replace the shopping ones while Pro Mode is on. A link with a
 * feature flag is shown while the flag is on (its route answers "not found" when off).
 */
export interface NavItem {
  to: string;
  label: string;
  end?: boolean;
  feature?: FeatureFlag;
}
export const NAV: readonly NavItem[] = [
  { to: '/', label: 'Home', end: true },
  { to: '/search', label: 'Search' },
  { to: '/deals', label: 'Deals', feature: 'deals' },
  { to: '/trending', label: 'Trending', feature: 'trending' },
  { to: '/categories', label: 'Categories' },
  { to: '/wishlist', label: 'Wishlist' },
  { to: '/compare', label: 'Compare' },
];
export const PRO_NAV: readonly NavItem[] = [
  { to: '/pro/home', label: 'Pro Home', end: true },
  { to: '/pro/search', label: 'Pro Search' },
  { to: '/wishlist', label: 'Wishlist' },
  { to: '/compare', label: 'Compare' },
];
