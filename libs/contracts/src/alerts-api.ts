import { z } from 'zod';
import { canonicalTimeZone, DIGEST_DELIVERIES } from '@pt/domain';
import { CurrencyCodeSchema, IsoDateTimeSchema, MarketplaceIdSchema, ProductIdSchema } from './common';
import { ALERT_KINDS, LOWEST_IN_DAYS, PERCENT_DROP_MAX, PERCENT_DROP_MIN, isLowestInDays } from '@pt/domain';
import { ALERT_BASES, ALERT_SCOPES, basisProblem, scopeProblem } from '@pt/domain';
import { MAX_ALERT_TARGET } from './alert-limits';
import { PriceAlertSchema } from './products';

/**
 * The alert-notifier's HTTP API: `/api/v1/alerts` for signed-in users, the one-click
 * unsubscribe link, and the admin-only demo price pin. Shared with web/.
 */

const TargetPriceSchema = z
  .number({ message: 'Target price must be a number' })
  .finite('Target price must be a number')
  .positive('Target price must be greater than 0')
  .max(MAX_ALERT_TARGET, 'Target price must not exceed 10,000,000');
/** §9 caps a marketplace price at 1,000,000 (demo pins are USD). */
const MAX_PIN_PRICE = 1_000_000;

/** Where an alert came from: the alerts API, or an item alert toggled on a wishlist (§4). */
export const ALERT_SOURCES = ['standalone', 'wishlist'] as const;
export type AlertSource = (typeof ALERT_SOURCES)[number];

/**
 * armed: the price is above the target and the next crossing sends an email.
 * met: the price is at or below the target; it re-arms when the price rises above it again.
 */
export const ALERT_STATES = ['armed', 'met'] as const;
export type AlertState = (typeof ALERT_STATES)[number];

/**
 * Alert kinds (libs/domain alert-kinds.ts): a target price, a percentage below the price
 * when the alert was set, the lowest price in 30, 90 or 365 days, or back in stock (no parameter:
 * fires when a listing seen unavailable is available again). Absent means target, as every alert
 * was before kinds existed.
 */
export const AlertKindSchema = z.enum(ALERT_KINDS, {
  message: `Unknown alert kind: use ${ALERT_KINDS.join(', ')}`,
});
export type AlertKindName = z.infer<typeof AlertKindSchema>;
const PercentSchema = z
  .number({ message: 'percent must be a whole number' })
  .int('percent must be a whole number')
  .min(PERCENT_DROP_MIN, `percent must be between ${PERCENT_DROP_MIN} and ${PERCENT_DROP_MAX}`)
  .max(PERCENT_DROP_MAX, `percent must be between ${PERCENT_DROP_MIN} and ${PERCENT_DROP_MAX}`);
const DaysSchema = z
  .number({ message: `days must be one of ${LOWEST_IN_DAYS.join(', ')}` })
  .refine(isLowestInDays, `days must be one of ${LOWEST_IN_DAYS.join(', ')}`);

/**
 * What the alert compares (libs/domain alert-basis.ts): the item price, or the landed price (item +
 * shipping, in the alert's currency). Absent means item, as every alert was before landed prices.
 * Landed is offered for target and percent_drop alerts only.
 */
export const AlertBasisSchema = z.enum(ALERT_BASES, {
  message: `Unknown alert basis: use ${ALERT_BASES.join(', ')}`,
});

/** A landed basis on a kind that compares history lows is refused (the lows are item prices). */
function basisFits(
  body: { kind?: AlertKindName; basis?: z.infer<typeof AlertBasisSchema> },
  ctx: z.RefinementCtx,
): void {
  const problem = body.basis && body.kind ? basisProblem(body.kind, body.basis) : undefined;
  if (problem) ctx.addIssue({ code: 'custom', path: ['basis'], message: problem });
}

/**
 * What the alert watches (libs/domain alert-scope.ts): the one listing (the default, every alert
 * before scopes), or the listing and its matches on the other marketplaces, firing on the group's
 * cheapest landed price. Any-marketplace takes target alerts on the landed basis only (absent basis
 * means landed there).
 */
export const AlertScopeSchema = z.enum(ALERT_SCOPES, {
  message: `Unknown alert scope: use ${ALERT_SCOPES.join(', ')}`,
});
export type AlertScopeName = z.infer<typeof AlertScopeSchema>;

/** A kind or basis an any-marketplace alert cannot take is refused on the scope. */
function scopeFits(
  body: { scope?: AlertScopeName; kind?: AlertKindName; basis?: z.infer<typeof AlertBasisSchema> },
  ctx: z.RefinementCtx,
): void {
  const problem = body.scope ? scopeProblem(body.scope, body.kind ?? 'target', body.basis) : undefined;
  if (problem) ctx.addIssue({ code: 'custom', path: ['scope'], message: problem });
}

/** An any-marketplace alert's group as last seen: the member with the cheapest landed price. */
export const AlertCheapestSchema = z.object({
  marketplace: MarketplaceIdSchema,
  productId: z.string(),
  /** Item + shipping in the alert's currency. */
  landed: z.number(),
});

/** The last time an alert fired, and why ("lowest in 90 days: $41.20, previous low $43.10 on 3 Oct"). */
export const AlertFiredSchema = z.object({ at: IsoDateTimeSchema, reason: z.string() });

/** §3 price alert as the server keeps it: the spec's fields plus where it came from and its state. */
export const AlertViewSchema = PriceAlertSchema.extend({
  marketplace: MarketplaceIdSchema,
  source: z.enum(ALERT_SOURCES),
  state: z.enum(ALERT_STATES),
  kind: AlertKindSchema,
  /** percent_drop: how far below basePrice (whole percent). */
  percent: z.number().int().optional(),
  /** percent_drop: the price when the alert was set, in the alert's currency. */
  basePrice: z.number().optional(),
  /** lowest_in_days: the window. */
  days: z.number().int().optional(),
  /** Absent in answers of a notifier older than landed prices: those alerts compared item prices. */
  basis: AlertBasisSchema.default('item'),
  /** Absent in answers of a notifier older than scopes: those alerts watched their listing. */
  scope: AlertScopeSchema.default('listing'),
  /** any_marketplace: how many listings the group has (the alert's own included). */
  members: z.number().int().optional(),
  /** any_marketplace: the cheapest member on sale, when a price of one is known. */
  cheapest: AlertCheapestSchema.optional(),
  /** Present once the alert has fired. */
  lastFired: AlertFiredSchema.optional(),
  /**
   * Present while the listing is gone from its marketplace (pricing's availability events): since
   * when. The alert stays as it is and is evaluated again once the listing is back.
   */
  unavailableSince: IsoDateTimeSchema.optional(),
  /** Link to the listing on its marketplace, when known. */
  productUrl: z.string().optional(),
  updatedAt: IsoDateTimeSchema,
});
export type AlertView = z.infer<typeof AlertViewSchema>;

export const AlertListResponseSchema = z.object({ alerts: z.array(AlertViewSchema) });
export type AlertListResponse = z.infer<typeof AlertListResponseSchema>;

/**
 * POST /api/v1/alerts. The display fields are accepted from older clients and ignored: the server
 * takes the title and image from the catalog (they go into emails).
 * The marketplace is detected from the id when absent (§5). Creating an alert for a listing
 * replaces the earlier one for the same listing (§4).
 */
export const CreateAlertRequestSchema = z
  .object({
    productId: ProductIdSchema.max(512),
    /** Defaults to target (the only kind before alert kinds). */
    kind: AlertKindSchema.optional(),
    /** Required for target alerts only. */
    targetPrice: TargetPriceSchema.optional(),
    /** Required for percent_drop: 1–90. */
    percent: PercentSchema.optional(),
    /** Required for lowest_in_days: 30, 90 or 365. */
    days: DaysSchema.optional(),
    /** Defaults to item (landed for an any-marketplace alert). */
    basis: AlertBasisSchema.optional(),
    /** Defaults to listing. */
    scope: AlertScopeSchema.optional(),
    marketplace: MarketplaceIdSchema.optional(),
    productTitle: z.string().trim().min(1).max(500).optional(),
    /** http(s) only (§5 image URLs): the web app and emails put it in an <img src>. */
    productImage: z
      .string()
      .max(2000)
      .url()
      .refine((value) => /^https?:\/\//i.test(value), 'Image URLs must be http or https')
      .optional(),
    /** The currency the target is in; defaults to the listing's. */
    currency: CurrencyCodeSchema.optional(),
    browserNotifications: z.boolean().optional(),
  })
  .superRefine(kindParameters)
  .superRefine(basisFits)
  .superRefine(scopeFits);
export type CreateAlertRequest = z.infer<typeof CreateAlertRequestSchema>;

/** POST answers the alert and, when it starts met (price already at or below the target), says so. */
export const CreateAlertResponseSchema = z.object({
  alert: AlertViewSchema,
  /** True when an earlier alert for the same listing was replaced (§4). */
  replaced: z.boolean(),
});
export type CreateAlertResponse = z.infer<typeof CreateAlertResponseSchema>;

/**
 * Each kind takes its own parameter and no other's. Absent kind: a target alert (create), or the
 * alert's kind as it is (update: a lone parameter changes the alert of that kind, checked by the
 * service, which knows the alert).
 */
function kindParameters(
  body: { kind?: AlertKindName; targetPrice?: number; percent?: number; days?: number },
  ctx: z.RefinementCtx,
  required = true,
): void {
  const wanted = { target: 'targetPrice', percent_drop: 'percent', lowest_in_days: 'days' } as const;
  const kind = body.kind ?? (required ? 'target' : undefined);
  if (kind === undefined) return;
  for (const [k, field] of Object.entries(wanted)) {
    const given = body[field] !== undefined;
    if (k === kind && !given && (required || body.kind !== undefined))
      ctx.addIssue({ code: 'custom', path: [field], message: `A ${kind} alert needs ${field}` });
    if (k !== kind && given)
      ctx.addIssue({
        code: 'custom',
        path: [field],
        message: `${field} is not a parameter of a ${kind} alert`,
      });
  }
}

/** PATCH /api/v1/alerts/:id: switch on or off, change the parameter, or change the kind. */
export const UpdateAlertRequestSchema = z
  .object({
    targetPrice: TargetPriceSchema.optional(),
    isActive: z.boolean().optional(),
    kind: AlertKindSchema.optional(),
    percent: PercentSchema.optional(),
    days: DaysSchema.optional(),
    basis: AlertBasisSchema.optional(),
  })
  .strict()
  .refine((body) => Object.values(body).some((v) => v !== undefined), {
    message: 'Give targetPrice, percent, days, kind, basis or isActive',
  })
  .superRefine((body, ctx) => kindParameters(body, ctx, false))
  .superRefine(basisFits);
export type UpdateAlertRequest = z.infer<typeof UpdateAlertRequestSchema>;

export const AlertResponseSchema = z.object({ alert: AlertViewSchema });
export type AlertResponse = z.infer<typeof AlertResponseSchema>;

/**
 * GET /api/v1/alerts/preferences: §3 User preferences `notifications` (default true), and the alert kinds'
 * delivery: instant emails (the default) or one daily digest at a local hour in an IANA zone.
 */
export const NotificationPreferencesSchema = z.object({
  notifications: z.boolean(),
  delivery: z.enum(DIGEST_DELIVERIES),
  /** The local hour (0–23) the digest goes out. */
  digestHour: z.number().int().min(0).max(23),
  /** IANA zone of the digest hour (canonical name). */
  timeZone: z.string(),
});
export type NotificationPreferences = z.infer<typeof NotificationPreferencesSchema>;

/**
 * PUT /api/v1/alerts/preferences: the fields to change. `{ notifications }` alone is the body
 * clients sent before the digest existed and still works. An unknown zone (per Intl) is a 400.
 */
export const UpdateNotificationPreferencesSchema = z
  .object({
    notifications: z.boolean().optional(),
    delivery: z.enum(DIGEST_DELIVERIES).optional(),
    digestHour: z
      .number()
      .int('must be a whole hour')
      .min(0, 'must be 0–23')
      .max(23, 'must be 0–23')
      .optional(),
    timeZone: z
      .string()
      .max(64)
      .refine((zone) => canonicalTimeZone(zone) !== undefined, 'unknown IANA time zone')
      .optional(),
  })
  .refine((body) => Object.values(body).some((v) => v !== undefined), {
    message: 'Give notifications, delivery, digestHour or timeZone',
  });
export type UpdateNotificationPreferences = z.infer<typeof UpdateNotificationPreferencesSchema>;

/** POST /api/v1/alerts/unsubscribe?token=… (RFC 8058 one-click; no sign-in). */
export const UnsubscribeQuerySchema = z.object({ token: z.string().min(1).max(1000) });
export type UnsubscribeQuery = z.infer<typeof UnsubscribeQuerySchema>;
export const UnsubscribeResponseSchema = z.object({
  unsubscribed: z.literal(true),
  productTitle: z.string(),
});
export type UnsubscribeResponse = z.infer<typeof UnsubscribeResponseSchema>;

/**
 * GET /api/v1/alerts/unsubscribe/preview?token=…: what the link would turn off, for the web app's
 * unsubscribe page (changes nothing, so a mail scanner's prefetch is harmless). `productTitle` is
 * empty and `active` false when the alert is gone.
 */
export const UnsubscribePreviewSchema = z.object({ productTitle: z.string(), active: z.boolean() });
export type UnsubscribePreview = z.infer<typeof UnsubscribePreviewSchema>;

/**
 * The signed-in user's private Atom feed of fired alerts (GET/POST/DELETE /api/v1/alerts/feed).
 * Only a hash of the token is kept, so the URL is in the answer to POST alone: GET says whether a
 * feed is on and since when, and a lost URL is replaced with a new one (POST), never shown again.
 */
export const AlertFeedSchema = z.object({
  createdAt: IsoDateTimeSchema,
  /** The feed's URL with its token: present only in the answer that created it. */
  url: z.string().optional(),
});
export type AlertFeed = z.infer<typeof AlertFeedSchema>;
export const AlertFeedResponseSchema = z.object({ feed: AlertFeedSchema.nullable() });
export type AlertFeedResponse = z.infer<typeof AlertFeedResponseSchema>;
/** GET /api/v1/feeds/{token}.xml: the token is the only authorisation (no session). */
export const AlertFeedTokenParamSchema = z.object({
  token: z.string().describe('The private feed token (43 characters, base64url)'),
});
/** What GET /api/v1/feeds/{token}.xml answers. */
export const ATOM_CONTENT_TYPE = 'application/atom+xml; charset=utf-8';
export const AtomDocumentSchema = z.string().describe('Atom 1.0 document');

/** PUT /api/v1/admin/demo/products/:id/price (admin, demo marketplaces only). Price in USD. */
export const DemoPinPriceRequestSchema = z.object({
  price: z
    .number({ message: 'Price must be a number' })
    .finite('Price must be a number')
    .positive('Price must be greater than 0')
    .max(MAX_PIN_PRICE, 'Price must not exceed 1,000,000'),
});
export type DemoPinPriceRequest = z.infer<typeof DemoPinPriceRequestSchema>;

export const DemoPinResponseSchema = z.object({
  productId: z.string(),
  marketplace: z.enum(['ebay', 'aliexpress']),
  /** The pinned USD price, or null after unpinning. */
  pinnedPrice: z.number().nullable(),
});
export type DemoPinResponse = z.infer<typeof DemoPinResponseSchema>;

/**
 * PUT /api/v1/admin/demo/products/:id/availability (admin, demo marketplaces only): false makes the
 * demo marketplace answer for the listing as for one gone or out of stock, true brings it back.
 */
export const DemoAvailabilityRequestSchema = z.object({
  available: z.boolean({ message: 'available must be true or false' }),
});
export type DemoAvailabilityRequest = z.infer<typeof DemoAvailabilityRequestSchema>;

export const DemoAvailabilityResponseSchema = z.object({
  productId: z.string(),
  marketplace: z.enum(['ebay', 'aliexpress']),
  available: z.boolean(),
});
export type DemoAvailabilityResponse = z.infer<typeof DemoAvailabilityResponseSchema>;

/** GET /api/v1/admin/notifications/emails: the email queue as an operator sees it. */
export const EmailQueueStatusSchema = z.object({
  queue: z.object({
    kind: z.enum(['inline', 'bullmq']),
    waiting: z.number().int(),
    active: z.number().int(),
    delayed: z.number().int(),
    failed: z.number().int(),
    completed: z.number().int(),
  }),
  notifications: z.record(z.string(), z.number().int()),
  failed: z.array(
    z.object({
      notificationId: z.string(),
      attempts: z.number().int(),
      error: z.string(),
      createdAt: IsoDateTimeSchema,
    }),
  ),
  /** Daily digests by status, and the ones that ran out of retries (an admin can send them again). */
  digests: z.record(z.string(), z.number().int()),
  failedDigests: z.array(
    z.object({
      digestId: z.string(),
      attempts: z.number().int(),
      error: z.string(),
      createdAt: IsoDateTimeSchema,
    }),
  ),
});
export type EmailQueueStatus = z.infer<typeof EmailQueueStatusSchema>;

/** POST /api/v1/admin/notifications/emails/retry-failed: how many of each went back to the queue. */
export const EmailRetryResponseSchema = z.object({
  requeued: z.number().int(),
  requeuedDigests: z.number().int(),
});
export type EmailRetryResponse = z.infer<typeof EmailRetryResponseSchema>;
