/** The services behind the gateway. */
export const SERVICE_NAMES = [
  'auth',
  'catalog',
  'pricing',
  'wishlist',
  'alert-notifier',
  'settings',
] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

export interface RouteRule {
  match: RegExp;
  service: ServiceName;
}

/**
 * Which service answers a path. Order matters: the first match wins, so the more specific
 * pricing paths under /products come before catalog's.
 */
export const ROUTES: readonly RouteRule[] = [
  { match: /^\/auth\/v1(\/|$)/, service: 'auth' },
  { match: /^\/api\/v1\/products\/[^/]+\/price-history(\/|$)/, service: 'pricing' },
  { match: /^\/api\/v1\/admin\/pricing(\/|$)/, service: 'pricing' },
  { match: /^\/api\/v1\/price-badges(\/|$)/, service: 'pricing' },
  { match: /^\/admin\/queues(\/|$)/, service: 'pricing' },
  {
    match:
      /^\/api\/v1\/(search|products|deals|trending|new-arrivals|categories|marketplaces|currency|geo)(\/|$)/,
    service: 'catalog',
  },
  { match: /^\/api\/v1\/wishlists(\/|$)/, service: 'wishlist' },
  { match: /^\/api\/v1\/wishlist-items(\/|$)/, service: 'wishlist' },
  { match: /^\/api\/v1\/alerts(\/|$)/, service: 'alert-notifier' },
  // Demo price pin and the email queue's admin view (issue 12); both admin-only in the service.
  { match: /^\/api\/v1\/admin\/(demo|notifications)(\/|$)/, service: 'alert-notifier' },
  {
    match: /^\/api\/v1\/(settings|monitoring|admin\/settings|admin\/metrics|admin\/monitoring)(\/|$)/,
    service: 'settings',
  },
];

/**
 * Routes the gateway answers itself that act on the verified user (so a bearer token on them is
 * checked as for a service's): the embedded mode's mail outbox, admin only.
 */
export const GATEWAY_USER_ROUTES: readonly RegExp[] = [/^\/api\/v1\/admin\/outbox(\/|$)/];

export function serviceFor(path: string): ServiceName | undefined {
  return ROUTES.find((rule) => rule.match.test(path))?.service;
}

/** Whether a bearer token on this path is verified and passed on as the signed identity. */
export function needsIdentity(path: string): boolean {
  const service = serviceFor(path);
  if (service) return service !== 'auth';
  return GATEWAY_USER_ROUTES.some((route) => route.test(path));
}
