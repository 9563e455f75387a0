import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { matchPath } from 'react-router-dom';
import type { FeatureFlag } from '@pt/domain';

/**
 * §2: every screen, loaded lazily (one chunk per route). To fill in a screen, replace the page
 * module a row points at; to add one, add a row. Paths are react-router patterns.
 */
export interface PageRoute {
  path: string;
  page: LazyPage;
  /** The feature flag that switches the screen off (it then answers as an unknown page). */
  feature?: FeatureFlag;
}

type LazyPage = LazyExoticComponent<ComponentType> & { preload: () => Promise<unknown> };

/** A lazily loaded page whose chunk can also be fetched ahead of its first render. */
const page = (load: () => Promise<{ default: ComponentType }>): LazyPage => {
  let loading: Promise<{ default: ComponentType }> | undefined;
  const once = () => (loading ??= load());
  return Object.assign(lazy(once), { preload: once });
};

export const NotFoundPage = page(() => import('../pages/not-found-page'));

export const PAGE_ROUTES: readonly PageRoute[] = [
  { path: '/', page: page(() => import('../pages/home-page')) },
  // Shopping screens.
  { path: '/search', page: page(() => import('../pages/search-page')) },
  { path: '/product/:id', page: page(() => import('../pages/product-page')) },
  { path: '/compare', page: page(() => import('../pages/compare-page')) },
  { path: '/wishlist', page: page(() => import('../pages/wishlist-page')) },
  { path: '/wishlist/alerts', page: page(() => import('../pages/alerts-page')) },
  { path: '/categories', page: page(() => import('../pages/categories-page')) },
  { path: '/category/:slug', page: page(() => import('../pages/category-page')) },
  { path: '/deals', page: page(() => import('../pages/deals-page')), feature: 'deals' },
  { path: '/trending', page: page(() => import('../pages/trending-page')), feature: 'trending' },
  { path: '/new-arrivals', page: page(() => import('../pages/new-arrivals-page')) },
  { path: '/marketplace/:marketplace', page: page(() => import('../pages/marketplace-page')) },
  // Pro area.
  { path: '/pro/home', page: page(() => import('../pages/pro-home-page')) },
  { path: '/pro/search', page: page(() => import('../pages/pro-search-page')) },
  { path: '/pro/product/:id', page: page(() => import('../pages/pro-product-page')) },
  // Accounts and legal.
  { path: '/account', page: page(() => import('../pages/account-page')) },
  { path: '/settings', page: page(() => import('../pages/settings-page')) },
  // A price-drop email's "stop alerts for this product" link (no sign-in needed).
  { path: '/unsubscribe', page: page(() => import('../pages/unsubscribe-page')) },
  { path: '/shared/:token', page: page(() => import('../pages/shared-wishlist-page')) },
  // The browser extension's sign-in: hands it the session's access token.
  { path: '/extension/connect', page: page(() => import('../pages/extension-connect-page')) },
  { path: '/upgrade', page: page(() => import('../pages/upgrade-page')) },
  { path: '/data-deletion', page: page(() => import('../pages/data-deletion-page')) },
  { path: '/privacy', page: page(() => import('../pages/privacy-page')) },
  { path: '/terms', page: page(() => import('../pages/terms-page')) },
  { path: '/affiliate-disclaimer', page: page(() => import('../pages/affiliate-disclaimer-page')) },
  // Admin area: nested routes live in pages/admin/admin-page.tsx.
  { path: '/admin/*', page: page(() => import('../pages/admin/admin-page')) },
  // The design system's catalogue: admins, or everyone in a development build (the page decides).
  { path: '/design', page: page(() => import('../pages/design-page')) },
  { path: '/beta', page: page(() => import('../pages/landing-page')) },
  { path: '*', page: NotFoundPage },
];

export const LandingPage = page(() => import('../pages/landing-page'));
export const TokenProcessor = page(() => import('../modules/auth/components/token-processor'));

/**
 * Starts fetching the chunk of the page at `pathname` (performance): the routes render
 * only once auth and the public settings have loaded, so without this the page's chunk would wait
 * for those requests instead of loading alongside them.
 */
export function preloadRoute(pathname: string): void {
  const route = PAGE_ROUTES.find(({ path }) => matchPath({ path, end: true }, pathname));
  route?.page.preload().catch(() => {
    // Nothing to do here: the render gets the same failure and the route's error boundary shows it.
  });
}
