import { z } from 'zod';
import { CurrencyCodeSchema, MarketplaceIdSchema } from './common';

/**
 * The good-price badge (ARCHITECTURE §6 "Price verdict and good price badge"; the rule is
 * libs/domain priceBadge). Optional on every product a search or product answer carries: absent
 * when the listing's history is too short, in another currency, or pricing did not answer in time.
 */
export const PriceBadgeSchema = z.object({
  level: z.enum(['low', 'typical', 'high']),
  /** What the shopper reads: "Low price", "Typical price", "High price", "Lowest in 60 days". */
  label: z.string(),
  lowestInDays: z.number().int().positive().optional(),
  /** The listing's 90-day range the band is drawn from. */
  rangeLow: z.number().finite().nonnegative(),
  rangeHigh: z.number().finite().nonnegative(),
  currency: CurrencyCodeSchema,
  /**
   * Set when the strikethrough price asked about is above anything the listing ever charged in
   * its recorded history (libs/domain listPriceNeverSeen): a "sale" from a price never seen.
   */
  listPriceNeverSeen: z.literal(true).optional(),
});
export type PriceBadgeView = z.infer<typeof PriceBadgeSchema>;

/** The most listings one badge request may name (a search page is at most 100 cards). */
export const PRICE_BADGES_MAX_LISTINGS = 100;

/** One listing at the price shown for it: the badge says how that price compares. */
export const PriceBadgeRequestItemSchema = z.object({
  marketplace: MarketplaceIdSchema,
  productId: z.string().min(1).max(200),
  price: z.number().finite().positive(),
  currency: CurrencyCodeSchema,
  /** The strikethrough "was" price shown beside it, in `currency`, to check against the history. */
  originalPrice: z.number().finite().positive().optional(),
});
export type PriceBadgeRequestItem = z.infer<typeof PriceBadgeRequestItemSchema>;

/** POST /api/v1/price-badges: every listing of one answer in one request. */
export const PriceBadgesRequestSchema = z.object({
  listings: z.array(PriceBadgeRequestItemSchema).max(PRICE_BADGES_MAX_LISTINGS),
});
export type PriceBadgesRequest = z.infer<typeof PriceBadgesRequestSchema>;

/** In the order asked; null where there is nothing honest to say. */
export const PriceBadgesResponseSchema = z.object({
  badges: z.array(PriceBadgeSchema.nullable()),
});
export type PriceBadgesResponse = z.infer<typeof PriceBadgesResponseSchema>;
