import {
  AdminMetricsResponseSchema,
  AlertFeedResponseSchema,
  AlertListResponseSchema,
  AlertResponseSchema,
  AlsoOnResponseSchema,
  CategoriesResponseSchema,
  CategoryResponseSchema,
  CreateAlertResponseSchema,
  EmailQueueStatusSchema,
  EmailRetryResponseSchema,
  GeoResponseSchema,
  ImportWishlistsResponseSchema,
  MarketplaceResponseSchema,
  MonitoringEventsResponseSchema,
  NotificationPreferencesSchema,
  OutboxListResponseSchema,
  PriceHistoryViewSchema,
  PricingStatusResponseSchema,
  ProductListResponseSchema,
  ProductResponseSchema,
  PublicSettingsResponseSchema,
  SearchResponseSchema,
  SharedWishlistSchema,
  SystemSettingListResponseSchema,
  SystemSettingSchema,
  UnsubscribePreviewSchema,
  UnsubscribeResponseSchema,
  WishlistDeletedResponseSchema,
  WishlistItemResponseSchema,
  WishlistResponseSchema,
  WishlistShareResponseSchema,
  WishlistsResponseSchema,
} from '@pt/contracts';

/**
 * Every route of the API the web app reads an answer from, as `METHOD template` (its `API_ROUTES`
 * entry), with that entry's response schema: `apiRead` (lib/api) types the answer by it and checks
 * it with it. This module carries zod and loads with the first read, in parallel with the request,
 * so no first screen's initial JavaScript holds it. `api-answers.spec.ts` checks each schema is the
 * one the route's contract names.
 */
export const ANSWERS = {
  'GET /api/v1/search': SearchResponseSchema,
  'GET /api/v1/products/{id}': ProductResponseSchema,
  'GET /api/v1/products/{id}/also-on': AlsoOnResponseSchema,
  'GET /api/v1/products/{id}/related': ProductListResponseSchema,
  'GET /api/v1/products/{id}/price-history': PriceHistoryViewSchema,
  'GET /api/v1/deals': ProductListResponseSchema,
  'GET /api/v1/trending': ProductListResponseSchema,
  'GET /api/v1/new-arrivals': ProductListResponseSchema,
  'GET /api/v1/categories': CategoriesResponseSchema,
  'GET /api/v1/categories/{slug}': CategoryResponseSchema,
  'GET /api/v1/marketplaces/{marketplace}': MarketplaceResponseSchema,
  'GET /api/v1/geo': GeoResponseSchema,
  'GET /api/v1/settings/public': PublicSettingsResponseSchema,
  'GET /api/v1/admin/settings': SystemSettingListResponseSchema,
  'PUT /api/v1/admin/settings/{key}': SystemSettingSchema,
  'GET /api/v1/admin/metrics': AdminMetricsResponseSchema,
  'GET /api/v1/admin/pricing/status': PricingStatusResponseSchema,
  'GET /api/v1/admin/outbox': OutboxListResponseSchema,
  'GET /api/v1/admin/monitoring/events': MonitoringEventsResponseSchema,
  'GET /api/v1/admin/notifications/emails': EmailQueueStatusSchema,
  'POST /api/v1/admin/notifications/emails/retry-failed': EmailRetryResponseSchema,
  'GET /api/v1/alerts': AlertListResponseSchema,
  'POST /api/v1/alerts': CreateAlertResponseSchema,
  'PATCH /api/v1/alerts/{id}': AlertResponseSchema,
  'GET /api/v1/alerts/feed': AlertFeedResponseSchema,
  'POST /api/v1/alerts/feed': AlertFeedResponseSchema,
  'GET /api/v1/alerts/preferences': NotificationPreferencesSchema,
  'PUT /api/v1/alerts/preferences': NotificationPreferencesSchema,
  'GET /api/v1/alerts/unsubscribe/preview': UnsubscribePreviewSchema,
  'POST /api/v1/alerts/unsubscribe': UnsubscribeResponseSchema,
  'GET /api/v1/wishlists': WishlistsResponseSchema,
  'POST /api/v1/wishlists': WishlistResponseSchema,
  'PATCH /api/v1/wishlists/{id}': WishlistResponseSchema,
  'DELETE /api/v1/wishlists/{id}': WishlistDeletedResponseSchema,
  'POST /api/v1/wishlists/{id}/items': WishlistItemResponseSchema,
  'PUT /api/v1/wishlists/{id}/positions': WishlistResponseSchema,
  'PATCH /api/v1/wishlist-items/{itemId}': WishlistItemResponseSchema,
  'DELETE /api/v1/wishlist-items/{itemId}': WishlistDeletedResponseSchema,
  'POST /api/v1/wishlists/import': ImportWishlistsResponseSchema,
  'GET /api/v1/shared-wishlists/{token}': SharedWishlistSchema,
  'POST /api/v1/wishlists/{id}/share': WishlistShareResponseSchema,
} as const;

/**
 * `answer` as the contract of `route` reads it (zod's parse: unknown fields dropped), or an error
 * naming the first field that differs. A `path` that is not an address of `route` is a mistake of
 * the caller's, said as one.
 */
export function checkAnswer(route: keyof typeof ANSWERS, path: string, answer: unknown): unknown {
  if (!pathFitsRoute(route, path)) throw new Error(`${path} is not an address of ${route}.`);
  const parsed = ANSWERS[route].safeParse(answer);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new Error(
    `The ${route} answer could not be read (${issue?.path.map(String).join('.') || 'answer'}: ${issue?.message ?? 'unexpected shape'}).`,
  );
}

/** Whether `path` (query string aside) is an address of the route `METHOD template`. */
export function pathFitsRoute(route: string, path: string): boolean {
  const template = route.slice(route.indexOf(' ') + 1);
  const pattern = template
    .split(/\{[^}]+\}/)
    .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
    .join('[^/?]+');
  return new RegExp(`^${pattern}(\\?|$)`).test(path);
}
