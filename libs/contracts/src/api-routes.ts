import { z } from 'zod';
import {
  AlertFeedResponseSchema,
  AlertFeedTokenParamSchema,
  AlertListResponseSchema,
  ATOM_CONTENT_TYPE,
  AtomDocumentSchema,
  AlertResponseSchema,
  CreateAlertRequestSchema,
  CreateAlertResponseSchema,
  DemoAvailabilityRequestSchema,
  DemoAvailabilityResponseSchema,
  DemoPinPriceRequestSchema,
  DemoPinResponseSchema,
  EmailQueueStatusSchema,
  EmailRetryResponseSchema,
  NotificationPreferencesSchema,
  UpdateNotificationPreferencesSchema,
  UnsubscribePreviewSchema,
  UnsubscribeQuerySchema,
  UnsubscribeResponseSchema,
  UpdateAlertRequestSchema,
} from './alerts-api';
import { AuthSettingsSchema, EmptyAuthAnswerSchema, JwksSchema, SessionSchema, UserSchema } from './auth';
import {
  LogoutQuerySchema,
  PasswordGrantRequestSchema,
  RecoverRequestSchema,
  RedirectToQuerySchema,
  RefreshGrantRequestSchema,
  ResendRequestSchema,
  SignupRequestSchema,
  TokenQuerySchema,
  UpdateUserRequestSchema,
  VerifyLinkQuerySchema,
  VerifyRequestSchema,
} from './auth-requests';
import {
  CategoriesResponseSchema,
  CategoryResponseSchema,
  CurrencyConvertRequestSchema,
  CurrencyConvertResponseSchema,
  GeoResponseSchema,
  MarketplaceParamSchema,
  MarketplaceResponseSchema,
  ProductIdParamSchema,
  ProductListRequestSchema,
  DealsRequestSchema,
  ProductListResponseSchema,
  AlsoOnResponseSchema,
  ProductResponseSchema,
  SearchQuerySchema,
  SearchResponseSchema,
} from './catalog-api';
import { ErrorBodySchema } from './errors';
import { AdminMetricsResponseSchema } from './metrics';
import {
  MonitoringEventsQuerySchema,
  MonitoringEventsResponseSchema,
  MonitoringReportAcceptedSchema,
  MonitoringReportSchema,
} from './monitoring';
import { OutboxListResponseSchema, OutboxQuerySchema } from './outbox';
import {
  PriceHistoryRequestQuerySchema,
  PriceHistoryViewSchema,
  RecentGlobalPricesQuerySchema,
  RecentGlobalPricesSchema,
} from './price-history';
import { PriceBadgesRequestSchema, PriceBadgesResponseSchema } from './price-badges';
import { HistoryDealsQuerySchema, HistoryDealsResponseSchema } from './history-deals';
import { PricingStatusResponseSchema } from './pricing-status';
import {
  PublicSettingsResponseSchema,
  SettingKeyParamsSchema,
  SettingsChangedStreamEventSchema,
  SystemSettingListResponseSchema,
  SystemSettingSchema,
  UpsertSettingBodySchema,
} from './settings';
import {
  AddWishlistItemRequestSchema,
  CreateWishlistRequestSchema,
  ImportWishlistsRequestSchema,
  ImportWishlistsResponseSchema,
  SharedWishlistSchema,
  SharedWishlistTokenParamSchema,
  UpdatePositionsRequestSchema,
  UpdateWishlistItemRequestSchema,
  UpdateWishlistRequestSchema,
  WishlistDeletedResponseSchema,
  WishlistItemResponseSchema,
  WishlistResponseSchema,
  WishlistShareResponseSchema,
  WishlistsResponseSchema,
} from './wishlists';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The services behind the gateway, each owning the routes whose entries name it. */
export const BACKEND_SERVICES = [
  'auth',
  'catalog',
  'pricing',
  'wishlist',
  'alert-notifier',
  'settings',
] as const;
export type BackendService = (typeof BACKEND_SERVICES)[number];
/** Who answers a route: a service behind the gateway, or the gateway itself (SSE, outbox, docs). */
export type ApiService = BackendService | 'gateway';

/** Who may call a route: anyone, anyone (the answer depends on who), a signed-in user, an admin. */
export type RouteAccess = 'public' | 'optional' | 'user' | 'admin';

/**
 * One HTTP route of the product as the gateway exposes it. The OpenAPI document
 * is generated from these entries and their zod schemas; the gateway's request logs use `path` as
 * the route template. A test compares this list with the routes the services really register, so
 * a route without its entry here fails the build.
 */
export interface ApiRoute {
  method: HttpMethod;
  /** OpenAPI template: `/api/v1/products/{id}`. */
  path: string;
  service: ApiService;
  summary: string;
  access: RouteAccess;
  /**
   * The error codes the route's own checks and use cases may answer (`{ error: { code } }`; on
   * /auth/v1 GoTrue's `error_code`). The codes every route of its kind may answer — bad or
   * malformed input, access, outages — are added by `errorCodesOf`; in tests a service answering a
   * code outside that set answers 500 `undeclared_error_code` instead (libs/platform `endpoint.ts`).
   */
  errors: readonly string[];
  params?: z.ZodObject;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The success answer. */
  response: { status: number; schema?: z.ZodType; contentType?: string; description?: string };
}

const Redirect = { status: 302, description: 'Redirect (Location header)' };
const json = (schema: z.ZodType, status = 200) => ({ status, schema });

const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
/** A JSON Schema (2020-12) inside the OpenAPI document: any schema zod's converter writes. */
const JsonSchemaObject = z.record(z.string(), z.unknown()).describe('JSON Schema 2020-12');
/** GET /api/openapi.json: what `buildOpenApiDocument` writes (openapi.ts). */
const OpenApiDocumentSchema = z.object({
  openapi: z.literal('3.1.0'),
  info: z.object({ title: z.string(), version: z.string() }),
  jsonSchemaDialect: z.string(),
  servers: z.array(z.object({ url: z.string() })),
  components: z.object({
    securitySchemes: z.record(
      z.string(),
      z.object({ type: z.literal('http'), scheme: z.string(), bearerFormat: z.string() }),
    ),
  }),
  paths: z.record(
    z.string(),
    z.partialRecord(
      z.enum(HTTP_METHODS),
      z.object({
        operationId: z.string(),
        summary: z.string(),
        description: z.string(),
        tags: z.array(z.string()),
        'x-error-codes': z.array(z.string()),
        'x-gateway-error-codes': z.array(z.string()).optional(),
        parameters: z.array(
          z.object({
            name: z.string(),
            in: z.enum(['path', 'query']),
            required: z.boolean(),
            schema: JsonSchemaObject,
          }),
        ),
        requestBody: z
          .object({
            required: z.boolean(),
            content: z.record(z.string(), z.object({ schema: JsonSchemaObject })),
          })
          .optional(),
        responses: z.record(
          z.string(),
          z.object({
            description: z.string(),
            content: z.record(z.string(), z.object({ schema: JsonSchemaObject })).optional(),
          }),
        ),
        security: z.array(z.record(z.string(), z.array(z.string()))).optional(),
      }),
    ),
  ),
});

/** A product lookup: catalog's per-client limit, the id, and the marketplaces' answers (§8). */
const PRODUCT_LOOKUP_ERRORS = [
  'rate_limited',
  'invalid_product_id',
  'product_not_found',
  'marketplace_unavailable',
  'marketplace_rate_limited',
];
/** The demo control routes: the listing id, and whether a demo marketplace runs and answers. */
const DEMO_CONTROL_ERRORS = ['invalid_product_id', 'unknown_product', 'demo_not_running', 'demo_unreachable'];

const WishlistIdParamSchema = z.object({ id: z.string() });
const WishlistItemIdParamSchema = z.object({ itemId: z.string() });
const AlertIdParamSchema = z.object({ id: z.string().describe('Alert id (uuid)') });

export const API_ROUTES: readonly ApiRoute[] = [
  // auth (Supabase Auth shape, /auth/v1)
  {
    method: 'post',
    path: '/auth/v1/signup',
    service: 'auth',
    summary: 'Sign up with email and password',
    access: 'public',
    errors: [
      'bad_json',
      'validation_failed',
      'over_request_rate_limit',
      'weak_password',
      'user_already_exists',
      'over_email_send_rate_limit',
    ],
    query: RedirectToQuerySchema,
    body: SignupRequestSchema,
    response: json(UserSchema),
  },
  {
    method: 'post',
    path: '/auth/v1/token',
    service: 'auth',
    summary: 'Sign in (grant_type=password) or refresh (grant_type=refresh_token)',
    access: 'public',
    errors: [
      'bad_json',
      'validation_failed',
      'over_request_rate_limit',
      'invalid_credentials',
      'email_not_confirmed',
      'refresh_token_not_found',
      'refresh_token_already_used',
      'session_not_found',
    ],
    query: TokenQuerySchema,
    body: z.union([PasswordGrantRequestSchema, RefreshGrantRequestSchema]),
    response: json(SessionSchema),
  },
  {
    method: 'post',
    path: '/auth/v1/logout',
    service: 'auth',
    summary: 'Sign out',
    access: 'user',
    errors: ['validation_failed', 'no_authorization', 'bad_jwt', 'session_not_found'],
    query: LogoutQuerySchema,
    response: { status: 204 },
  },
  {
    method: 'get',
    path: '/auth/v1/user',
    service: 'auth',
    summary: 'The signed-in user',
    access: 'user',
    errors: ['no_authorization', 'bad_jwt', 'session_not_found', 'user_not_found'],
    response: json(UserSchema),
  },
  {
    method: 'put',
    path: '/auth/v1/user',
    service: 'auth',
    summary: 'Update the signed-in user',
    access: 'user',
    errors: [
      'bad_json',
      'validation_failed',
      'over_request_rate_limit',
      'no_authorization',
      'bad_jwt',
      'session_not_found',
      'user_not_found',
      'weak_password',
      'reauthentication_needed',
      'reauthentication_not_valid',
      'user_already_exists',
      'over_email_send_rate_limit',
    ],
    body: UpdateUserRequestSchema,
    response: json(UserSchema),
  },
  {
    method: 'delete',
    path: '/auth/v1/user',
    service: 'auth',
    summary: 'Delete the signed-in user',
    access: 'user',
    errors: ['no_authorization', 'bad_jwt', 'session_not_found', 'user_not_found'],
    response: { status: 204 },
  },
  {
    method: 'post',
    path: '/auth/v1/resend',
    service: 'auth',
    summary: 'Resend the confirmation email',
    access: 'public',
    errors: ['bad_json', 'validation_failed', 'over_request_rate_limit', 'over_email_send_rate_limit'],
    query: RedirectToQuerySchema,
    body: ResendRequestSchema,
    response: json(EmptyAuthAnswerSchema),
  },
  {
    method: 'post',
    path: '/auth/v1/recover',
    service: 'auth',
    summary: 'Send a password reset email ({} whether or not the address has an account)',
    access: 'public',
    errors: ['bad_json', 'validation_failed', 'over_request_rate_limit', 'over_email_send_rate_limit'],
    query: RedirectToQuerySchema,
    body: RecoverRequestSchema,
    response: json(EmptyAuthAnswerSchema),
  },
  {
    method: 'post',
    path: '/auth/v1/verify',
    service: 'auth',
    summary: 'Confirm an email (token hash) and start a session',
    access: 'public',
    errors: ['bad_json', 'validation_failed', 'over_request_rate_limit', 'otp_expired'],
    body: VerifyRequestSchema,
    response: json(SessionSchema),
  },
  {
    method: 'get',
    path: '/auth/v1/verify',
    service: 'auth',
    summary: 'Emailed confirmation link: redirects to the web app',
    access: 'public',
    errors: [],
    query: VerifyLinkQuerySchema,
    response: Redirect,
  },
  {
    method: 'get',
    path: '/auth/v1/authorize',
    service: 'auth',
    summary: 'Start social sign-in',
    access: 'public',
    errors: ['validation_failed', 'provider_disabled', 'over_request_rate_limit'],
    query: z.object({ provider: z.string() }).catchall(z.string()),
    response: Redirect,
  },
  {
    method: 'get',
    path: '/auth/v1/callback',
    service: 'auth',
    summary: 'Social sign-in callback',
    access: 'public',
    errors: [],
    response: Redirect,
  },
  {
    method: 'get',
    path: '/auth/v1/settings',
    service: 'auth',
    summary: 'Auth server settings (providers)',
    access: 'public',
    errors: [],
    response: json(AuthSettingsSchema),
  },
  {
    method: 'get',
    path: '/auth/v1/.well-known/jwks.json',
    service: 'auth',
    summary: 'Public keys of access tokens',
    access: 'public',
    errors: [],
    response: json(JwksSchema),
  },
  // catalog
  {
    method: 'get',
    path: '/api/v1/search',
    service: 'catalog',
    summary: 'Search the marketplaces',
    access: 'optional',
    errors: ['rate_limited', 'unknown_category'],
    query: SearchQuerySchema,
    response: json(SearchResponseSchema),
  },
  {
    method: 'get',
    path: '/api/v1/products',
    service: 'catalog',
    summary: 'Always 400: a product id is required',
    access: 'public',
    errors: ['rate_limited', 'invalid_product_id'],
    response: json(ErrorBodySchema, 400),
  },
  {
    method: 'get',
    path: '/api/v1/products/{id}',
    service: 'catalog',
    summary: 'Look a product up (samples → cache → live → placeholder)',
    access: 'optional',
    errors: PRODUCT_LOOKUP_ERRORS,
    params: ProductIdParamSchema,
    query: ProductListRequestSchema.pick({ region: true }),
    response: json(ProductResponseSchema),
  },
  {
    method: 'get',
    path: '/api/v1/products/{id}/also-on',
    service: 'catalog',
    summary: 'The same product on the other marketplaces, with landed totals, cheapest first',
    access: 'public',
    errors: PRODUCT_LOOKUP_ERRORS,
    params: ProductIdParamSchema,
    query: ProductListRequestSchema.pick({ region: true }),
    response: json(AlsoOnResponseSchema),
  },
  {
    method: 'get',
    path: '/api/v1/products/{id}/related',
    service: 'catalog',
    summary: 'Related products',
    access: 'public',
    errors: PRODUCT_LOOKUP_ERRORS,
    params: ProductIdParamSchema,
    query: ProductListRequestSchema,
    response: json(ProductListResponseSchema),
  },
  {
    method: 'get',
    path: '/api/v1/deals',
    service: 'catalog',
    summary: 'Deals: listings below their own 90-day median now, narrowed like a search',
    access: 'public',
    errors: ['rate_limited', 'unknown_category'],
    query: DealsRequestSchema,
    response: json(ProductListResponseSchema),
  },
  {
    method: 'get',
    path: '/api/v1/trending',
    service: 'catalog',
    summary: 'Trending products',
    access: 'public',
    errors: ['rate_limited', 'unknown_category'],
    query: ProductListRequestSchema,
    response: json(ProductListResponseSchema),
  },
  {
    method: 'get',
    path: '/api/v1/new-arrivals',
    service: 'catalog',
    summary: 'New arrivals',
    access: 'public',
    errors: ['rate_limited', 'unknown_category'],
    query: ProductListRequestSchema,
    response: json(ProductListResponseSchema),
  },
  {
    method: 'get',
    path: '/api/v1/categories',
    service: 'catalog',
    summary: 'Categories',
    access: 'public',
    errors: ['rate_limited'],
    response: json(CategoriesResponseSchema),
  },
  {
    method: 'get',
    path: '/api/v1/categories/{slug}',
    service: 'catalog',
    summary: 'Products of a category',
    access: 'public',
    errors: ['rate_limited', 'category_not_found', 'unknown_category'],
    params: z.object({ slug: z.string() }),
    query: SearchQuerySchema,
    response: json(CategoryResponseSchema),
  },
  {
    method: 'get',
    path: '/api/v1/marketplaces/{marketplace}',
    service: 'catalog',
    summary: 'One marketplace and its products',
    access: 'public',
    errors: ['rate_limited', 'unknown_category'],
    params: MarketplaceParamSchema,
    query: ProductListRequestSchema,
    response: json(MarketplaceResponseSchema),
  },
  {
    method: 'post',
    path: '/api/v1/currency/convert',
    service: 'catalog',
    summary: 'Convert an amount between currencies',
    access: 'public',
    errors: ['invalid_amount', 'invalid_currency'],
    body: CurrencyConvertRequestSchema,
    response: json(CurrencyConvertResponseSchema),
  },
  {
    method: 'get',
    path: '/api/v1/geo',
    service: 'catalog',
    summary: "The caller's region from their address",
    access: 'public',
    errors: [],
    response: json(GeoResponseSchema),
  },
  // pricing
  {
    method: 'get',
    path: '/api/v1/products/{id}/price-history',
    service: 'pricing',
    summary: 'Price history of a product',
    access: 'optional',
    errors: ['invalid_product_id'],
    params: ProductIdParamSchema,
    query: PriceHistoryRequestQuerySchema,
    response: json(PriceHistoryViewSchema),
  },
  {
    method: 'post',
    path: '/api/v1/price-badges',
    service: 'pricing',
    summary: 'Good-price badges for listings at the prices shown (one batch per search answer)',
    access: 'public',
    errors: [],
    body: PriceBadgesRequestSchema,
    response: json(PriceBadgesResponseSchema),
  },
  {
    method: 'get',
    path: '/api/v1/price-deals',
    service: 'pricing',
    summary: 'Listings below their own 90-day median price now, biggest share first (stored statistics)',
    access: 'public',
    errors: [],
    query: HistoryDealsQuerySchema,
    response: json(HistoryDealsResponseSchema),
  },
  {
    method: 'get',
    path: '/api/v1/admin/pricing/status',
    service: 'pricing',
    summary: 'Pricing pipeline status',
    access: 'admin',
    errors: [],
    response: json(PricingStatusResponseSchema),
  },
  {
    method: 'get',
    path: '/api/v1/admin/pricing/products/{id}/recent-prices',
    service: 'pricing',
    summary: 'The last 5 global price snapshots of a product (spec §7 debug read)',
    access: 'admin',
    errors: ['invalid_product_id'],
    params: ProductIdParamSchema,
    query: RecentGlobalPricesQuerySchema,
    response: json(RecentGlobalPricesSchema),
  },
  // settings
  {
    method: 'get',
    path: '/api/v1/settings/public',
    service: 'settings',
    summary: 'Public settings (key → value)',
    access: 'public',
    errors: [],
    response: json(PublicSettingsResponseSchema),
  },
  {
    method: 'get',
    path: '/api/v1/admin/settings',
    service: 'settings',
    summary: 'All settings, ordered by key',
    access: 'admin',
    errors: [],
    response: json(SystemSettingListResponseSchema),
  },
  {
    method: 'get',
    path: '/api/v1/admin/settings/{key}',
    service: 'settings',
    summary: 'One setting',
    access: 'admin',
    errors: ['setting_not_found'],
    params: SettingKeyParamsSchema,
    response: json(SystemSettingSchema.nullable()),
  },
  {
    method: 'put',
    path: '/api/v1/admin/settings/{key}',
    service: 'settings',
    summary: 'Create or replace a setting',
    access: 'admin',
    errors: ['invalid_setting_value', 'settings_unavailable'],
    params: SettingKeyParamsSchema,
    body: UpsertSettingBodySchema,
    response: json(SystemSettingSchema),
  },
  {
    method: 'get',
    path: '/api/v1/admin/metrics',
    service: 'settings',
    summary: 'API usage from the request logs (24 h, 1 h, hourly, today)',
    access: 'admin',
    errors: [],
    response: json(AdminMetricsResponseSchema),
  },
  {
    method: 'post',
    path: '/api/v1/monitoring/events',
    service: 'settings',
    summary: 'Report a client monitoring event (§3; size-limited, rate limited per client)',
    access: 'optional',
    errors: ['rate_limited', 'payload_too_large'],
    body: MonitoringReportSchema,
    response: json(MonitoringReportAcceptedSchema, 202),
  },
  {
    method: 'get',
    path: '/api/v1/admin/monitoring/events',
    service: 'settings',
    summary: 'Reported client events, newest first, with the 30-minute summary',
    access: 'admin',
    errors: [],
    query: MonitoringEventsQuerySchema,
    response: json(MonitoringEventsResponseSchema),
  },
  // wishlist
  {
    method: 'get',
    path: '/api/v1/wishlists',
    service: 'wishlist',
    summary: "The signed-in user's wishlists (the default is created on first use)",
    access: 'user',
    errors: [],
    response: json(WishlistsResponseSchema),
  },
  {
    method: 'post',
    path: '/api/v1/wishlists',
    service: 'wishlist',
    summary: 'Create a wishlist',
    access: 'user',
    errors: ['too_many_wishlists'],
    body: CreateWishlistRequestSchema,
    response: json(WishlistResponseSchema, 201),
  },
  {
    method: 'post',
    path: '/api/v1/wishlists/import',
    service: 'wishlist',
    summary: 'Merge the browser wishlists (consolidated_wishlist_data) at sign-in; idempotent',
    access: 'user',
    errors: ['wishlist_full'],
    body: ImportWishlistsRequestSchema,
    response: json(ImportWishlistsResponseSchema),
  },
  {
    method: 'patch',
    path: '/api/v1/wishlists/{id}',
    service: 'wishlist',
    summary: 'Rename a wishlist or make it the default',
    access: 'user',
    errors: ['wishlist_not_found', 'default_required'],
    params: WishlistIdParamSchema,
    body: UpdateWishlistRequestSchema,
    response: json(WishlistResponseSchema),
  },
  {
    method: 'delete',
    path: '/api/v1/wishlists/{id}',
    service: 'wishlist',
    summary: 'Delete a wishlist (not the default)',
    access: 'user',
    errors: ['wishlist_not_found', 'cannot_delete_default'],
    params: WishlistIdParamSchema,
    response: json(WishlistDeletedResponseSchema),
  },
  {
    method: 'post',
    path: '/api/v1/wishlists/{id}/items',
    service: 'wishlist',
    summary: 'Add a listing to a wishlist',
    access: 'user',
    errors: ['wishlist_not_found', 'wishlist_full', 'already_in_wishlist'],
    params: WishlistIdParamSchema,
    body: AddWishlistItemRequestSchema,
    response: json(WishlistItemResponseSchema, 201),
  },
  {
    method: 'put',
    path: '/api/v1/wishlists/{id}/positions',
    service: 'wishlist',
    summary: 'Reorder the items of a wishlist (all or nothing)',
    access: 'user',
    errors: ['wishlist_not_found', 'invalid_positions'],
    params: WishlistIdParamSchema,
    body: UpdatePositionsRequestSchema,
    response: json(WishlistResponseSchema),
  },
  {
    method: 'post',
    path: '/api/v1/wishlists/{id}/share',
    service: 'wishlist',
    summary: 'Share a wishlist read-only by link, or give it a new link (the old link stops working)',
    access: 'user',
    errors: ['wishlist_not_found'],
    params: WishlistIdParamSchema,
    response: json(WishlistShareResponseSchema, 201),
  },
  {
    method: 'delete',
    path: '/api/v1/wishlists/{id}/share',
    service: 'wishlist',
    summary: 'Stop sharing a wishlist (its link answers 404 from now on)',
    access: 'user',
    errors: ['wishlist_not_found'],
    params: WishlistIdParamSchema,
    response: { status: 204 },
  },
  {
    method: 'get',
    path: '/api/v1/shared-wishlists/{token}',
    service: 'wishlist',
    summary: "A shared wishlist's name and listings; the token in the URL is the authorisation",
    access: 'public',
    errors: ['shared_wishlist_not_found'],
    params: SharedWishlistTokenParamSchema,
    response: json(SharedWishlistSchema),
  },
  {
    method: 'patch',
    path: '/api/v1/wishlist-items/{itemId}',
    service: 'wishlist',
    summary: 'Move an item, change its note or its price-drop alert',
    access: 'user',
    errors: ['item_not_found', 'wishlist_not_found', 'wishlist_full', 'already_in_wishlist'],
    params: WishlistItemIdParamSchema,
    body: UpdateWishlistItemRequestSchema,
    response: json(WishlistItemResponseSchema),
  },
  {
    method: 'delete',
    path: '/api/v1/wishlist-items/{itemId}',
    service: 'wishlist',
    summary: 'Remove an item from its wishlist',
    access: 'user',
    errors: ['item_not_found'],
    params: WishlistItemIdParamSchema,
    response: json(WishlistDeletedResponseSchema),
  },
  // alert-notifier
  {
    method: 'get',
    path: '/api/v1/alerts',
    service: 'alert-notifier',
    summary: "The signed-in user's price alerts",
    access: 'user',
    errors: [],
    response: json(AlertListResponseSchema),
  },
  {
    method: 'post',
    path: '/api/v1/alerts',
    service: 'alert-notifier',
    summary: 'Create a price alert (replaces the earlier one for the same listing)',
    access: 'user',
    errors: [
      'invalid_product_id',
      'unknown_product',
      'invalid_currency',
      'invalid_alert_kind',
      'invalid_alert_basis',
      'price_unknown',
      'shipping_unknown',
      'too_many_alerts',
      'rate_limited',
      'catalog_unavailable',
      'marketplace_unavailable',
      'marketplace_rate_limited',
    ],
    body: CreateAlertRequestSchema,
    response: json(CreateAlertResponseSchema, 201),
  },
  {
    method: 'get',
    path: '/api/v1/alerts/preferences',
    service: 'alert-notifier',
    summary: 'Email notification preference and delivery (instant or daily digest)',
    access: 'user',
    errors: [],
    response: json(NotificationPreferencesSchema),
  },
  {
    method: 'put',
    path: '/api/v1/alerts/preferences',
    service: 'alert-notifier',
    summary: 'Turn email notifications on or off; instant emails or a daily digest at a local hour',
    access: 'user',
    errors: ['invalid_time_zone'],
    body: UpdateNotificationPreferencesSchema,
    response: json(NotificationPreferencesSchema),
  },
  {
    method: 'post',
    path: '/api/v1/alerts/unsubscribe',
    service: 'alert-notifier',
    summary: 'One-click unsubscribe (RFC 8058); the signed token is the authorisation',
    access: 'public',
    errors: ['invalid_token', 'stale_token'],
    query: UnsubscribeQuerySchema,
    response: json(UnsubscribeResponseSchema),
  },
  {
    method: 'get',
    path: '/api/v1/alerts/unsubscribe',
    service: 'alert-notifier',
    summary: "Redirects to the web app's unsubscribe page (/unsubscribe?token=…); a GET unsubscribes nothing",
    access: 'public',
    errors: [],
    query: UnsubscribeQuerySchema,
    response: Redirect,
  },
  {
    method: 'get',
    path: '/api/v1/alerts/unsubscribe/preview',
    service: 'alert-notifier',
    summary: 'What an unsubscribe link turns off (changes nothing)',
    access: 'public',
    errors: ['invalid_token', 'stale_token'],
    query: UnsubscribeQuerySchema,
    response: json(UnsubscribePreviewSchema),
  },
  {
    method: 'get',
    path: '/api/v1/alerts/feed',
    service: 'alert-notifier',
    summary: 'Whether the private feed of fired alerts is on, and since when (its URL is shown only once)',
    access: 'user',
    errors: [],
    response: json(AlertFeedResponseSchema),
  },
  {
    method: 'post',
    path: '/api/v1/alerts/feed',
    service: 'alert-notifier',
    summary: 'Turn the private feed on, or give it a new URL (the old URL stops working)',
    access: 'user',
    errors: [],
    response: json(AlertFeedResponseSchema, 201),
  },
  {
    method: 'delete',
    path: '/api/v1/alerts/feed',
    service: 'alert-notifier',
    summary: 'Turn the private feed off (its URL answers 404 from now on)',
    access: 'user',
    errors: [],
    response: { status: 204 },
  },
  {
    method: 'patch',
    path: '/api/v1/alerts/{id}',
    service: 'alert-notifier',
    summary: 'Change the target price or pause / resume an alert',
    access: 'user',
    errors: [
      'not_found',
      'invalid_alert_kind',
      'invalid_alert_basis',
      'price_unknown',
      'shipping_unknown',
      'invalid_alert_scope',
    ],
    params: AlertIdParamSchema,
    body: UpdateAlertRequestSchema,
    response: json(AlertResponseSchema),
  },
  {
    method: 'delete',
    path: '/api/v1/alerts/{id}',
    service: 'alert-notifier',
    summary: 'Delete a price alert',
    access: 'user',
    errors: ['not_found'],
    params: AlertIdParamSchema,
    response: { status: 204 },
  },
  {
    method: 'get',
    path: '/api/v1/feeds/{token}.xml',
    service: 'alert-notifier',
    summary: "A user's private Atom feed of fired price alerts; the token in the URL is the authorisation",
    access: 'public',
    errors: ['not_found'],
    params: AlertFeedTokenParamSchema,
    response: { status: 200, contentType: ATOM_CONTENT_TYPE, schema: AtomDocumentSchema },
  },
  {
    method: 'get',
    path: '/api/v1/admin/notifications/emails',
    service: 'alert-notifier',
    summary: 'Email queue: counts, price-drop emails and daily digests by status, the failed ones',
    access: 'admin',
    errors: [],
    response: json(EmailQueueStatusSchema),
  },
  {
    method: 'post',
    path: '/api/v1/admin/notifications/emails/retry-failed',
    service: 'alert-notifier',
    summary: 'Send the failed price-drop emails and daily digests again',
    access: 'admin',
    errors: [],
    response: json(EmailRetryResponseSchema),
  },
  {
    method: 'put',
    path: '/api/v1/admin/demo/products/{id}/price',
    service: 'alert-notifier',
    summary: "Pin a demo listing's price (USD) from now on (demo marketplaces only)",
    access: 'admin',
    errors: DEMO_CONTROL_ERRORS,
    params: ProductIdParamSchema,
    body: DemoPinPriceRequestSchema,
    response: json(DemoPinResponseSchema),
  },
  {
    method: 'delete',
    path: '/api/v1/admin/demo/products/{id}/price',
    service: 'alert-notifier',
    summary: "Unpin a demo listing's price",
    access: 'admin',
    errors: DEMO_CONTROL_ERRORS,
    params: ProductIdParamSchema,
    response: json(DemoPinResponseSchema),
  },
  {
    method: 'put',
    path: '/api/v1/admin/demo/products/{id}/availability',
    service: 'alert-notifier',
    summary:
      'Make a demo listing unavailable (gone, out of stock) or available again (demo marketplaces only)',
    access: 'admin',
    errors: DEMO_CONTROL_ERRORS,
    params: ProductIdParamSchema,
    body: DemoAvailabilityRequestSchema,
    response: json(DemoAvailabilityResponseSchema),
  },
  // gateway
  {
    method: 'get',
    path: '/api/v1/events',
    service: 'gateway',
    summary: 'Server-Sent Events: settings.changed (id = revision; send Last-Event-ID to catch up)',
    access: 'public',
    errors: ['service_unavailable'],
    response: { status: 200, contentType: 'text/event-stream', schema: SettingsChangedStreamEventSchema },
  },
  {
    method: 'get',
    path: '/api/v1/admin/outbox',
    service: 'gateway',
    summary: "The embedded mode's mail outbox, newest first (404 where mail goes over SMTP)",
    access: 'admin',
    errors: ['not_found'],
    query: OutboxQuerySchema,
    response: json(OutboxListResponseSchema),
  },
  {
    method: 'get',
    path: '/api/openapi.json',
    service: 'gateway',
    summary: 'This document',
    access: 'public',
    errors: [],
    response: json(OpenApiDocumentSchema),
  },
  {
    method: 'get',
    path: '/api/docs',
    service: 'gateway',
    summary: 'Browsable API reference',
    access: 'public',
    errors: [],
    response: { status: 200, contentType: 'text/html', schema: z.string().describe('HTML page') },
  },
];

/** Compiled matchers: path → the route's template, for request logs (bounded label cardinality). */
const MATCHERS = API_ROUTES.map((route) => ({
  route,
  regex: new RegExp(`^${route.path.replace(/[.]/g, '\\.').replace(/\{[^}]+\}/g, '[^/]+')}/?$`),
}));

/** The route template of a request, or undefined when no documented route matches. */
export function routeTemplateOf(method: string, path: string): string | undefined {
  const m = method.toLowerCase();
  return MATCHERS.find((entry) => entry.route.method === m && entry.regex.test(path))?.route.path;
}

/** A route's key as decorators name it: `GET /api/v1/products/{id}`. */
export const routeKeyOf = (route: Pick<ApiRoute, 'method' | 'path'>): string =>
  `${route.method.toUpperCase()} ${route.path}`;

const ROUTES_BY_KEY = new Map(API_ROUTES.map((route) => [routeKeyOf(route), route]));

/** The entry of a route key; a key the list lacks throws, so a controller naming it cannot load. */
export function apiRoute(key: string): ApiRoute {
  const route = ROUTES_BY_KEY.get(key);
  if (!route)
    throw new Error(`${key} is not in API_ROUTES (libs/contracts/src/api-routes.ts): add its entry first`);
  return route;
}

/**
 * The route a request landed on, or undefined: the most literal template wins where two match
 * (`DELETE /api/v1/alerts/feed` is not the alert id `feed`), as in the gateway.
 */
export function routeOf(method: string, path: string): ApiRoute | undefined {
  const m = method.toLowerCase();
  const matches = MATCHERS.filter((entry) => entry.route.method === m && entry.regex.test(path));
  const params = (route: ApiRoute) => route.path.split('{').length;
  return matches.map((entry) => entry.route).sort((a, b) => params(a) - params(b))[0];
}

/** Codes any service route may answer: unreadable or malformed input, and outages or bugs. */
export const PLATFORM_ERROR_CODES = [
  'malformed_json',
  'invalid_input',
  'payload_too_large',
  'unsupported_media_type',
  'bad_request',
  'service_unavailable',
  'internal_error',
] as const;

/** What a route's access level adds: the verified-identity refusals (user-context.ts). */
export const ACCESS_ERROR_CODES: Record<RouteAccess, readonly string[]> = {
  public: [],
  optional: [],
  user: ['unauthorized', 'session_revoked'],
  admin: ['unauthorized', 'session_revoked', 'forbidden'],
};

/**
 * Codes the gateway may answer for any route before a service sees it: a bad or ended bearer
 * token, a refused origin, its rate limit, maintenance mode, an unreachable service.
 */
export const GATEWAY_ERROR_CODES = [
  'bad_jwt',
  'session_revoked',
  'cors_forbidden',
  'rate_limited',
  'maintenance',
  'service_unavailable',
] as const;

/**
 * Codes any auth route may answer, in GoTrue's names: unreadable bodies (`bad_json`, the platform's
 * `payload_too_large` and `unsupported_media_type`), malformed input in any part (NUL, deep nesting:
 * `validation_failed`, GoTrue's code for the platform's `invalid_input`), and failures.
 */
export const AUTH_ERROR_CODES = [
  'bad_json',
  'payload_too_large',
  'unsupported_media_type',
  'validation_failed',
  'unexpected_failure',
] as const;

/**
 * Every code a service may answer on this route: its own (`errors`), `validation_failed` when it
 * has a schema to check, its access level's, and the platform's. Auth answers in GoTrue's shape:
 * its own codes and AUTH_ERROR_CODES.
 */
export function errorCodesOf(route: ApiRoute): string[] {
  if (route.service === 'auth') return [...new Set([...route.errors, ...AUTH_ERROR_CODES])].sort();
  const validates = route.params || route.query || route.body ? ['validation_failed'] : [];
  return [
    ...new Set([...route.errors, ...validates, ...ACCESS_ERROR_CODES[route.access], ...PLATFORM_ERROR_CODES]),
  ].sort();
}
