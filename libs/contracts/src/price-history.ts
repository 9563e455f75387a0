import { z } from 'zod';
import { CURRENCY_CODES, PRICE_HISTORY_DEFAULT_DAYS } from '@pt/domain';
import { IsoDateTimeSchema, MarketplaceIdSchema } from './common';
import { PriceHistoryPointSchema } from './products';

/**
 * GET /api/v1/products/:id/price-history. A listing's history is stored in the listing's own
 * currency (the one its marketplace quotes it in, ARCHITECTURE §6); an answer converts it at read
 * time to the requested currency with the rates the web app displays (§9 fallback rates), and
 * says both currencies, so a shopper in another region never sees a converted point as a price
 * move.
 */

/** Currencies a history can be shown in: those the §9 rate table can convert to (USD included). */
export const HISTORY_CURRENCIES = [...CURRENCY_CODES] as [string, ...string[]];

/** `days=all` asks for the whole history; a number asks for the last N days (§9 default 30). */
export const HISTORY_MAX_DAYS = 3650;
export const HistoryDaysSchema = z.union([
  z.literal('all'),
  z.coerce
    .number({ message: 'days must be a whole number of days or "all"' })
    .int('days must be a whole number of days or "all"')
    .min(1, 'days must be at least 1')
    .max(HISTORY_MAX_DAYS, `days must be at most ${HISTORY_MAX_DAYS} (or "all")`),
]);

export const PriceHistoryRequestQuerySchema = z.object({
  marketplace: MarketplaceIdSchema.optional(),
  days: HistoryDaysSchema.default(PRICE_HISTORY_DEFAULT_DAYS),
  /** The currency to show prices in (the shopper's region currency); absent = the listing's. */
  currency: z
    .enum(HISTORY_CURRENCIES, { message: `currency must be one of ${HISTORY_CURRENCIES.join(', ')}` })
    .optional(),
});
export type PriceHistoryRequestQuery = z.infer<typeof PriceHistoryRequestQuerySchema>;

/** One point: `price` in the answer's `currency`, `listingPrice` as recorded in `listingCurrency`. */
export const PriceHistoryViewPointSchema = PriceHistoryPointSchema.extend({
  source: z.enum(['global', 'personal', 'demo']),
  listingPrice: z.number().finite().nonnegative(),
});
export type PriceHistoryViewPoint = z.infer<typeof PriceHistoryViewPointSchema>;

/** A dated price: the lowest or highest of the window, with when it was seen. */
export const DatedPriceSchema = z.object({
  price: z.number().finite().nonnegative(),
  date: IsoDateTimeSchema,
});
export type DatedPrice = z.infer<typeof DatedPriceSchema>;

export const PRICE_TRENDS = ['rising', 'falling', 'stable', 'unknown'] as const;
export const VERDICT_ACTIONS = ['buy', 'wait', 'unknown'] as const;

export const PriceVerdictSchema = z.object({
  action: z.enum(VERDICT_ACTIONS),
  /** The reason in the shopper's words, prices in the answer's currency. */
  reason: z.string(),
});
export type PriceVerdict = z.infer<typeof PriceVerdictSchema>;

export const PriceHistoryViewSchema = z.object({
  productId: z.string(),
  marketplace: MarketplaceIdSchema,
  /** The currency the listing is quoted and recorded in; null when nothing was recorded yet. */
  listingCurrency: z.string().nullable(),
  /** The currency of every price of this answer. */
  currency: z.string(),
  /** listingCurrency → currency rate applied (1 when they are the same or nothing is recorded). */
  rate: z.number().positive(),
  days: HistoryDaysSchema,
  points: z.array(PriceHistoryViewPointSchema),
  statistics: z.object({
    count: z.number().int().nonnegative(),
    min: z.number().nullable(),
    max: z.number().nullable(),
    average: z.number().nullable(),
    current: z.number().nullable(),
    /** The one "potential savings" figure every screen shows (§9 rule over this history). */
    potentialSavings: z.number().nonnegative(),
    trend: z.enum(PRICE_TRENDS),
    lowest90Days: z.number().nullable(),
    average30Days: z.number().nullable(),
    available: z.boolean(),
    /** Lowest and highest of the window with their dates; null without points. */
    lowest: DatedPriceSchema.nullable(),
    highest: DatedPriceSchema.nullable(),
    /** First and last recorded point of the whole history (not only the window). */
    firstAt: IsoDateTimeSchema.nullable(),
    lastAt: IsoDateTimeSchema.nullable(),
  }),
  verdict: PriceVerdictSchema,
});
export type PriceHistoryView = z.infer<typeof PriceHistoryViewSchema>;

/**
 * GET /api/v1/admin/pricing/products/:id/recent-prices — spec §7's debug read: the last 5
 * global_price_history rows of a product (marketplace, price, timestamp), newest first, with the
 * currency each was recorded in and whether a lookup or a poll saw it. Admins only.
 */
export const RECENT_GLOBAL_PRICES_LIMIT = 5;
export const RecentGlobalPricesQuerySchema = z.object({ marketplace: MarketplaceIdSchema.optional() });
export type RecentGlobalPricesQuery = z.infer<typeof RecentGlobalPricesQuerySchema>;
export const RecentGlobalPricesSchema = z.object({
  productId: z.string(),
  rows: z.array(
    z.object({
      productId: z.string(),
      marketplace: MarketplaceIdSchema,
      price: z.number().finite().positive(),
      currency: z.string(),
      timestamp: IsoDateTimeSchema,
      source: z.string(),
    }),
  ),
});
export type RecentGlobalPrices = z.infer<typeof RecentGlobalPricesSchema>;
