import { z } from 'zod';
import {
  CurrencyCodeSchema as Currency,
  IsoDateTimeSchema as IsoDateTime,
  MarketplaceIdSchema as Marketplace,
} from './common';

/**
 * Topic names are persisted (Kafka topics, Redis stream keys, outbox rows) — never rename.
 * ARCHITECTURE §3.
 */
export const Topics = {
  priceObserved: 'price.observed',
  priceChanged: 'price.changed',
  trackingChanged: 'tracking.changed',
  wishlistItemAlertChanged: 'wishlist.item-alert-changed',
  wishlistItemPriceDropped: 'wishlist.item-price-dropped',
  listingAvailabilityChanged: 'listing.availability-changed',
  authUserChanged: 'auth.user-changed',
  authEmailRequested: 'auth.email-requested',
  authSessionRevoked: 'auth.session-revoked',
  settingsChanged: 'settings.changed',
  gatewayRequestLogs: 'gateway.request-logs',
} as const;
export type Topic = (typeof Topics)[keyof typeof Topics];
export const ALL_TOPICS: readonly Topic[] = Object.values(Topics);

/**
 * The services that handle each topic with declared handlers (@OnEvent); each checks its own at
 * start-up against this table. The gateway's settings feed and every process's session-revocation
 * follower subscribe in code of their own, outside a service module, so they are not listed.
 */
export const TOPIC_CONSUMERS: Readonly<Record<Topic, readonly string[]>> = {
  [Topics.priceObserved]: ['pricing'],
  [Topics.priceChanged]: ['catalog', 'wishlist', 'alert-notifier'],
  [Topics.trackingChanged]: ['catalog', 'pricing'],
  [Topics.wishlistItemAlertChanged]: ['alert-notifier'],
  [Topics.wishlistItemPriceDropped]: ['alert-notifier'],
  [Topics.listingAvailabilityChanged]: ['alert-notifier'],
  [Topics.authUserChanged]: ['wishlist', 'alert-notifier'],
  [Topics.authEmailRequested]: ['alert-notifier'],
  [Topics.authSessionRevoked]: [],
  [Topics.settingsChanged]: ['catalog'],
  [Topics.gatewayRequestLogs]: ['settings'],
};

/** Where messages that fail validation or keep failing go, with the error. Persisted — never rename. */
export const deadLetterTopic = (topic: string): string => `${topic}.dlq`;

/** The envelope every event travels in (ARCHITECTURE §3). `key` orders events per product or user. */
export const EventEnvelopeSchema = z.object({
  id: z.string().uuid(),
  type: z.string().min(1),
  version: z.number().int().positive(),
  occurredAt: z.string().datetime({ offset: true }),
  key: z.string().min(1),
  traceparent: z.string().optional(),
  payload: z.unknown(),
});
export type EventEnvelope<P = unknown> = Omit<z.infer<typeof EventEnvelopeSchema>, 'payload'> & {
  payload: P;
};

/** What a dead-letter message carries besides the original envelope. */
export const DeadLetterSchema = z.object({
  topic: z.string(),
  group: z.string(),
  error: z.string(),
  attempts: z.number().int(),
  failedAt: z.string(),
  envelope: z.unknown(),
});
export type DeadLetter = z.infer<typeof DeadLetterSchema>;

// ---------------------------------------------------------------------------------------------
// Event payloads (ARCHITECTURE §3). A payload change that is not backwards compatible needs a new
// `version` on the envelope; consumers validate with `parseEventPayload`.

const PositivePrice = z.number().finite().positive();

/** `price.observed` — a price was seen by a lookup (catalog) or a poll (pricing). */
export const PriceObservedPayloadSchema = z.object({
  productId: z.string().min(1),
  marketplace: Marketplace,
  price: PositivePrice,
  currency: Currency,
  observedAt: IsoDateTime,
  source: z.enum(['lookup', 'poll']),
  userId: z.string().min(1).optional(),
  title: z.string().optional(),
  url: z.string().url().optional(),
  imageUrl: z.string().url().optional(),
  /**
   * Landed prices (added in version 1, optional): the listing's shipping cost to the default
   * destination in `currency`, 0 when it ships free. Absent means unknown (older producers, a
   * marketplace that did not say), never free.
   */
  shipping: z.number().finite().nonnegative().optional(),
});
export type PriceObservedPayload = z.infer<typeof PriceObservedPayloadSchema>;

/** `price.changed` — a recorded price differs from the previous one (ARCHITECTURE §6 drop rule). */
export const PriceChangedPayloadSchema = z.object({
  productId: z.string().min(1),
  marketplace: Marketplace,
  oldPrice: PositivePrice,
  newPrice: PositivePrice,
  currency: Currency,
  dropped: z.boolean(),
  observedAt: IsoDateTime,
  source: z.enum(['lookup', 'poll']),
  /**
   * Alert kinds (added in version 1, optional: events written before it parse, and consumers must
   * cope without it): the listing's lowest price over the 30, 90 and 365 days before this
   * observation, in `currency`, with the UTC day it was seen. A window with no earlier snapshot is
   * left out. Days are UTC days: the window is the observation's own day (before it) and the N-1
   * days before that (pricing's listing_price_days rollup).
   */
  lows: z
    .array(z.object({ days: z.number().int().positive(), price: PositivePrice, at: z.string().date() }))
    .optional(),
  /**
   * Landed prices (added in version 1, optional): the listing's shipping at this observation, in
   * `currency` (0 = free), so consumers can compare newPrice + shipping. Absent means unknown. The
   * event is still emitted only when the item price changes; a change of shipping alone is stored
   * by pricing but sends no price.changed (ARCHITECTURE §6 drop rule is about the item price).
   */
  shipping: z.number().finite().nonnegative().optional(),
});
export type PriceChangedPayload = z.infer<typeof PriceChangedPayloadSchema>;

/** `tracking.changed` — a product gained or lost a reason to be polled. */
export const TrackingChangedPayloadSchema = z.object({
  productId: z.string().min(1),
  marketplace: Marketplace,
  reason: z.enum(['wishlist', 'alert']),
  ownerId: z.string().min(1),
  tracked: z.boolean(),
  targetPrice: z.number().finite().nonnegative().optional(),
  /**
   * The user the reason belongs to: the catalog reserves a floor of the marketplace budgets for
   * signed-in users with tracked items. Optional: older events lack it.
   */
  userId: z.string().min(1).optional(),
});
export type TrackingChangedPayload = z.infer<typeof TrackingChangedPayloadSchema>;

/** `wishlist.item-alert-changed` — an item's alert was toggled (target defaults to 90% of the price). */
export const WishlistItemAlertChangedPayloadSchema = z.object({
  userId: z.string().min(1),
  wishlistId: z.string().min(1),
  productId: z.string().min(1),
  marketplace: Marketplace,
  enabled: z.boolean(),
  targetPrice: z.number().finite().nonnegative().optional(),
  currentPrice: z.number().finite().nonnegative().optional(),
  currency: Currency.optional(),
  title: z.string().optional(),
  imageUrl: z.string().optional(),
  changedAt: IsoDateTime,
});
export type WishlistItemAlertChangedPayload = z.infer<typeof WishlistItemAlertChangedPayloadSchema>;

/**
 * `wishlist.item-price-dropped` — a recorded price of a wishlist item's listing is below the
 * item's price before it (same currency), whether or not the item has an alert: the user's
 * private feed lists it.
 */
export const WishlistItemPriceDroppedPayloadSchema = z.object({
  userId: z.string().min(1),
  itemId: z.string().min(1),
  wishlistId: z.string().min(1),
  productId: z.string().min(1),
  marketplace: Marketplace,
  title: z.string(),
  oldPrice: PositivePrice,
  newPrice: PositivePrice,
  currency: Currency,
  observedAt: IsoDateTime,
});
export type WishlistItemPriceDroppedPayload = z.infer<typeof WishlistItemPriceDroppedPayloadSchema>;

/**
 * `listing.availability-changed` — pricing saw a listing go (a poll found it gone or out of stock)
 * or come back (a price recorded for a listing marked unavailable). Written to pricing's outbox in
 * the transaction that changes current_prices.available, so it exists exactly when the change
 * does, and only on a change: a listing still gone, or still on sale, emits nothing.
 */
export const ListingAvailabilityChangedPayloadSchema = z.object({
  productId: z.string().min(1),
  marketplace: Marketplace,
  available: z.boolean(),
  /** available: the price it is back at (the recorded observation's), in `currency`. */
  price: PositivePrice.optional(),
  currency: Currency.optional(),
  /** available: the observation's time; unavailable: when the poll first found it gone. */
  at: IsoDateTime,
});
export type ListingAvailabilityChangedPayload = z.infer<typeof ListingAvailabilityChangedPayloadSchema>;

/** `auth.user-changed` — user created / email confirmed / email or name changed / deleted. */
export const AuthUserChangedPayloadSchema = z.object({
  userId: z.string().min(1),
  change: z.enum(['created', 'confirmed', 'updated', 'deleted']),
  email: z.string().email().optional(),
  name: z.string().optional(),
});
export type AuthUserChangedPayload = z.infer<typeof AuthUserChangedPayloadSchema>;

/**
 * `auth.email-requested` — send an account email. It never carries a secret:
 * for `signup` / `resend` (confirmation) and `recovery` it carries `linkUrl`, the web app's token
 * processor address without the token, and `linkId`; the notifier derives the single-use token
 * from the id with the internal secret (`emailLink` in @pt/platform). `signup-attempt` tells the
 * owner of a confirmed address that someone tried to register with it (no link).
 */
export const AuthEmailRequestedPayloadSchema = z
  .object({
    userId: z.string().min(1),
    email: z.string().email(),
    kind: z.enum(['signup', 'resend', 'recovery', 'signup-attempt']),
    linkUrl: z.string().url().optional(),
    linkId: z.string().uuid().optional(),
    name: z.string().optional(),
  })
  .refine((p) => p.kind === 'signup-attempt' || (p.linkUrl !== undefined && p.linkId !== undefined), {
    message: 'linkUrl and linkId are required for confirmation and recovery emails',
  })
  .refine((p) => !p.linkUrl || !/[?&]token=/.test(p.linkUrl), {
    message: 'linkUrl must not carry the token',
  });
export type AuthEmailRequestedPayload = z.infer<typeof AuthEmailRequestedPayloadSchema>;

/**
 * `auth.session-revoked` — sessions ended (sign-out of any scope, account deletion, password
 * change, refresh-token reuse): the gateway and every service refuse their access tokens from now
 * until `revokedUntil`, when every token issued before the revocation has expired.
 */
export const AuthSessionRevokedPayloadSchema = z.object({
  userId: z.string().min(1),
  sessionIds: z.array(z.string().min(1)).min(1),
  reason: z.enum(['sign-out', 'account-deleted', 'password-changed', 'refresh-token-reused']),
  revokedUntil: IsoDateTime,
});
export type AuthSessionRevokedPayload = z.infer<typeof AuthSessionRevokedPayloadSchema>;

/** `settings.changed` — a system setting changed (value is the stored JSON). */
export const SettingsChangedPayloadSchema = z.object({
  key: z.string().min(1),
  value: z.unknown(),
  isPublic: z.boolean(),
  /**
   * Increases with every write across all keys (settings.revision sequence): the SSE event id, so
   * a browser reconnecting with Last-Event-ID gets every key changed after it. Absent on old rows.
   */
  revision: z.number().int().nonnegative().optional(),
  updatedAt: IsoDateTime.optional(),
});
export type SettingsChangedPayload = z.infer<typeof SettingsChangedPayloadSchema>;

/** One API request as the gateway saw it (§3 api_request_logs). */
export const ApiRequestLogEntrySchema = z.object({
  /** Route template (`/api/v1/products/{id}`), never the raw path: ids are not metrics labels. */
  route: z.string().min(1).max(200),
  method: z.string().min(1).max(10),
  statusCode: z.number().int().min(100).max(599),
  responseTimeMs: z.number().finite().nonnegative(),
  /** The service that answered, or `gateway` for the gateway's own routes. */
  service: z.string().min(1).max(50),
  userId: z.string().min(1).max(100).optional(),
  createdAt: IsoDateTime,
});
export type ApiRequestLogEntry = z.infer<typeof ApiRequestLogEntrySchema>;

/** `gateway.request-logs` — a batch of request log rows, shipped off the request path. */
export const GatewayRequestLogsPayloadSchema = z.object({
  entries: z.array(ApiRequestLogEntrySchema).min(1).max(5000),
  /** Rows the gateway dropped since its previous batch because its buffer was full. */
  dropped: z.number().int().nonnegative().default(0),
});
export type GatewayRequestLogsPayload = z.infer<typeof GatewayRequestLogsPayloadSchema>;

/** Topic → payload schema. `satisfies` makes adding a topic without a schema a type error. */
export const EventPayloadSchemas = {
  [Topics.priceObserved]: PriceObservedPayloadSchema,
  [Topics.priceChanged]: PriceChangedPayloadSchema,
  [Topics.trackingChanged]: TrackingChangedPayloadSchema,
  [Topics.wishlistItemAlertChanged]: WishlistItemAlertChangedPayloadSchema,
  [Topics.wishlistItemPriceDropped]: WishlistItemPriceDroppedPayloadSchema,
  [Topics.listingAvailabilityChanged]: ListingAvailabilityChangedPayloadSchema,
  [Topics.authUserChanged]: AuthUserChangedPayloadSchema,
  [Topics.authEmailRequested]: AuthEmailRequestedPayloadSchema,
  [Topics.authSessionRevoked]: AuthSessionRevokedPayloadSchema,
  [Topics.settingsChanged]: SettingsChangedPayloadSchema,
  [Topics.gatewayRequestLogs]: GatewayRequestLogsPayloadSchema,
} as const satisfies Record<Topic, z.ZodType>;

export type EventPayloads = { [T in Topic]: z.infer<(typeof EventPayloadSchemas)[T]> };
export type TypedEventEnvelope<T extends Topic> = EventEnvelope<EventPayloads[T]> & { type: T };

export function isTopic(value: string): value is Topic {
  return (ALL_TOPICS as readonly string[]).includes(value);
}

export type EventValidation<T extends Topic> =
  { success: true; envelope: TypedEventEnvelope<T> } | { success: false; error: string };

/**
 * Validates an envelope and its payload for `topic` (the envelope's `type` must match). Consumers
 * send a failure to the DLQ with `error` (ARCHITECTURE §3); it never throws.
 */
export function parseEventPayload<T extends Topic>(topic: T, envelope: unknown): EventValidation<T> {
  const outer = EventEnvelopeSchema.safeParse(envelope);
  if (!outer.success) return { success: false, error: `invalid envelope: ${z.prettifyError(outer.error)}` };
  if (outer.data.type !== topic)
    return { success: false, error: `envelope type ${outer.data.type} does not match topic ${topic}` };
  const payload = (EventPayloadSchemas[topic] as z.ZodType).safeParse(outer.data.payload);
  if (!payload.success)
    return { success: false, error: `invalid ${topic} payload: ${z.prettifyError(payload.error)}` };
  return {
    success: true,
    envelope: { ...outer.data, type: topic, payload: payload.data as EventPayloads[T] },
  };
}

/** Partition keys (ARCHITECTURE §3): everything about one product, or one user, stays in order. */
export const productEventKey = (marketplace: string, productId: string): string =>
  `${marketplace}:${productId}`;
export const userEventKey = (userId: string): string => `user:${userId}`;
export const settingEventKey = (key: string): string => `setting:${key}`;

export const CURRENT_EVENT_VERSION = 1;

/**
 * Builds a validated envelope. Id and time are passed in (no clock or uuid here) so producers can
 * use their ports and tests stay deterministic. Throws on an invalid payload: that is a producer bug.
 */
export function createEventEnvelope<T extends Topic>(
  topic: T,
  payload: EventPayloads[T],
  meta: { id: string; occurredAt: string; key: string; traceparent?: string; version?: number },
): TypedEventEnvelope<T> {
  const envelope = {
    id: meta.id,
    type: topic,
    version: meta.version ?? CURRENT_EVENT_VERSION,
    occurredAt: meta.occurredAt,
    key: meta.key,
    ...(meta.traceparent ? { traceparent: meta.traceparent } : {}),
    payload,
  };
  const checked = parseEventPayload(topic, envelope);
  if (!checked.success) throw new Error(checked.error);
  return checked.envelope;
}
