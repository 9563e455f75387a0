import { z } from 'zod';
import { MARKETPLACE_IDS, LIVE_MARKETPLACES, REGION_IDS } from '@pt/domain';

/** ISO 4217 code. Not limited to the fallback table: live rates may carry more currencies. */
export const CurrencyCodeSchema = z.string().regex(/^[A-Z]{3}$/, 'Expected a 3-letter ISO currency code');
export const MarketplaceIdSchema = z.enum(MARKETPLACE_IDS);
export const LiveMarketplaceIdSchema = z.enum(LIVE_MARKETPLACES);
export const RegionIdSchema = z.enum(REGION_IDS);
export const IsoDateTimeSchema = z.string().datetime({ offset: true });
export const ProductIdSchema = z.string().min(1);
export const UrlSchema = z.string().url();
export const MoneyAmountSchema = z.number().finite().nonnegative();
