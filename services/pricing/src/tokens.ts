/** Injection tokens of the pricing module beyond the platform ports. */
export const PRICING_CONFIG = Symbol('PricingConfig');
/** `MarketplaceDrivers`: the drivers the pollers call, by marketplace. */
export const MARKETPLACE_DRIVERS = Symbol('MarketplaceDrivers');
/** The service's Postgres schema; every SQL statement qualifies its tables with it. */
export const PRICING_SCHEMA = 'pricing';
/** The marketplace credentials' daily budgets (read-only here: what each share spent today). */
export const MARKETPLACE_BUDGETS = Symbol('MarketplaceBudgets');
/** DemoHistoryConfig | undefined: which marketplaces' demo listings get a simulated past (none outside demo mode). */
export const DEMO_HISTORY_CONFIG = Symbol('DemoHistoryConfig');
