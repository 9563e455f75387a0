import { z } from 'zod';
import { DEAL_MAX_DROP_PERCENT, DEAL_MIN_DROP_PERCENT, DEAL_WINDOW_DAYS } from '@pt/domain';
import { IsoDateTimeSchema, MarketplaceIdSchema } from './common';
import { HISTORY_CURRENCIES } from './price-history';

/**
 * GET /api/v1/price-deals: listings below their own trailing 90-day median now, biggest share first,
 * from pricing's stored statistics (libs/domain history-deals.ts). Item prices in the listing's
 * currency; the catalog adds shipping, product data and the shopper's filters for the Deals page.
 */

/** The most candidates one request may ask for (the catalog over-asks to filter by category). */
export const HISTORY_DEALS_MAX = 500;

const whole = (name: string, min: number, max: number) =>
  z.coerce
    .number({ message: `${name} must be a whole number` })
    .int(`${name} must be a whole number`)
    .min(min, `${name} must be at least ${min}`)
    .max(max, `${name} must be at most ${max}`);

export const HistoryDealsQuerySchema = z.object({
  marketplace: MarketplaceIdSchema.optional(),
  /** Only listings priced in this currency (a region's). */
  currency: z
    .enum(HISTORY_CURRENCIES, { message: `currency must be one of ${HISTORY_CURRENCIES.join(', ')}` })
    .optional(),
  minDrop: whole('minDrop', DEAL_MIN_DROP_PERCENT, DEAL_MAX_DROP_PERCENT).optional(),
  limit: whole('limit', 1, HISTORY_DEALS_MAX).default(50),
});
export type HistoryDealsQuery = z.infer<typeof HistoryDealsQuerySchema>;

export const HistoryDealSchema = z.object({
  marketplace: MarketplaceIdSchema,
  /** The listing id pricing stores the history under. */
  productId: z.string(),
  currency: z.string(),
  /** The latest observed item price, and the median of the window ending then. */
  price: z.number().finite().positive(),
  median: z.number().finite().positive(),
  /** Whole percent of the item price below the median. */
  dropPercent: z.number().int().positive(),
  observedAt: IsoDateTimeSchema,
  /** The window's snapshots and where they start (the evidence). */
  points: z.number().int().positive(),
  since: IsoDateTimeSchema,
  /** The highest price the listing ever had: a strikethrough above it was never charged. */
  highestEver: z.number().finite().positive(),
});
export type HistoryDeal = z.infer<typeof HistoryDealSchema>;

export const HistoryDealsResponseSchema = z.object({
  windowDays: z.literal(DEAL_WINDOW_DAYS),
  deals: z.array(HistoryDealSchema),
});
export type HistoryDealsResponse = z.infer<typeof HistoryDealsResponseSchema>;
