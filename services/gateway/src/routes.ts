import {
  API_ROUTES,
  BACKEND_SERVICES,
  type ApiRoute,
  type ApiService,
  type BackendService,
} from '@pt/contracts';

/** The services behind the gateway. */
export const SERVICE_NAMES = BACKEND_SERVICES;
export type ServiceName = BackendService;

/** A path prefix a service answers whole, although no API route in the contracts lists it. */
export interface UnlistedMount {
  prefix: string;
  service: ServiceName;
}

/**
 * Pricing's queue dashboard is a set of pages and assets (Bull Board), not an API route with a
 * schema, so the contracts do not list it; pricing lets only admins in.
 */
export const UNLISTED_MOUNTS: readonly UnlistedMount[] = [{ prefix: '/admin/queues', service: 'pricing' }];

export interface Router {
  /** The service that answers a path, or undefined when the gateway answers it (or nobody does). */
  serviceFor(path: string): ServiceName | undefined;
  /** Whether a bearer token on this path is verified and passed on as the signed identity. */
  needsIdentity(path: string): boolean;
}

interface Rule {
  match: RegExp;
  service: ApiService;
}

const escape = (text: string) => text.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
/** A route template as a pattern: `{id}` is one path segment. */
const pattern = (template: string) => escape(template).replace(/\{[^}]+\}/g, '[^/]+');
const literalSegments = (template: string) =>
  template.split('/').filter((s) => s && !s.startsWith('{')).length;

/**
 * The part of a path that names one service's resource: `/auth/v1`, `/api/v1/<resource>` or
 * `/api/v1/admin/<area>`. A path under it that no route lists still goes to that service, so its
 * 404 or 405 comes in the service's own shape (auth answers unknown paths the way Supabase does).
 * Routes are looked up under their mount only, so a request tests a handful of patterns, not all.
 */
function mountOf(path: string): string {
  const segments = path.split('/').slice(1);
  const depth = segments[0] === 'auth' ? 2 : segments[2] === 'admin' ? 4 : 3;
  return `/${segments.slice(0, depth).join('/')}`;
}

/**
 * The gateway's path → service routing, derived from the contracts' route list. It routes by path
 * alone (the method is the service's business), so every path must belong to one service: a list
 * that gives one path to two services, or a mount that takes a listed route from its service, is
 * refused here and stops the gateway's start.
 */
export function routerFor(routes: readonly ApiRoute[], unlisted: readonly UnlistedMount[] = []): Router {
  // A listed route wins over a mount, and the most literal template over one with parameters
  // (`/products/{id}/price-history` is pricing's although `/products` is catalog's).
  const listed = new Map<string, Rule[]>();
  for (const route of [...routes].sort((a, b) => literalSegments(b.path) - literalSegments(a.path))) {
    const mount = mountOf(route.path);
    const rule = { match: new RegExp(`^${pattern(route.path)}/?$`), service: route.service };
    listed.set(mount, [...(listed.get(mount) ?? []), rule]);
  }
  const owners = new Map<string, ServiceName>();
  // The shortest template under a mount names its owner: `/api/v1/products` owns what is under it.
  for (const route of [...routes].sort((a, b) => a.path.length - b.path.length)) {
    if (route.service === 'gateway') continue;
    const mount = mountOf(route.path);
    if (!owners.has(mount)) owners.set(mount, route.service);
  }
  const unlistedRules: Rule[] = unlisted.map((m) => ({
    match: new RegExp(`^${escape(m.prefix)}(/|$)`),
    service: m.service,
  }));
  const identityRoutes = routes
    .filter((r) => r.service === 'gateway' && (r.access === 'user' || r.access === 'admin'))
    .map((r) => new RegExp(`^${pattern(r.path)}(/|$)`));

  const answeredBy = (path: string): ApiService | undefined => {
    const mount = mountOf(path);
    const rule =
      listed.get(mount)?.find((r) => r.match.test(path)) ?? unlistedRules.find((r) => r.match.test(path));
    return rule ? rule.service : owners.get(mount);
  };
  const serviceFor = (path: string) => {
    const service = answeredBy(path);
    return service === 'gateway' ? undefined : service;
  };
  const router: Router = {
    serviceFor,
    needsIdentity(path) {
      const service = serviceFor(path);
      if (service) return service !== 'auth';
      return identityRoutes.some((route) => route.test(path));
    },
  };
  assertEveryRouteReachesItsService(routes, unlisted, answeredBy);
  return router;
}

function assertEveryRouteReachesItsService(
  routes: readonly ApiRoute[],
  unlisted: readonly UnlistedMount[],
  answeredBy: (path: string) => ApiService | undefined,
): void {
  const wrong: string[] = [];
  for (const route of routes) {
    const sample = route.path.replace(/\{[^}]+\}/g, 'sample-param');
    const got = answeredBy(sample);
    if (got !== route.service)
      wrong.push(`${route.method} ${route.path} (${route.service}) would reach ${got}`);
  }
  for (const mount of unlisted) {
    const got = answeredBy(`${mount.prefix}/sample`);
    if (got !== mount.service) wrong.push(`${mount.prefix} (${mount.service}) would reach ${got}`);
  }
  if (wrong.length)
    throw new Error(`The gateway cannot route the contracts' API routes:\n${wrong.join('\n')}`);
}

const router = routerFor(API_ROUTES, UNLISTED_MOUNTS);
export const serviceFor = router.serviceFor;
export const needsIdentity = router.needsIdentity;
