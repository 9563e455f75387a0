import type { MarketplaceDrivers } from '@pt/marketplaces';

/** Nest tokens of the catalog's own dependencies (the platform ports have theirs in @pt/platform). */
export const CATALOG_CONFIG = Symbol('CatalogConfig');
export const MARKETPLACE_DRIVERS = Symbol('MarketplaceDrivers');
/** `fetch` for the rates and geolocation providers, so tests can count or fail calls. */
export const PROVIDER_FETCH = Symbol('ProviderFetch');
/** The client of pricing's public reads (badges, history deals). */
export const PRICING = Symbol('Pricing');
/** This process's SearchResultCache, which price changes expire. */
export const SEARCH_CACHE = Symbol('SearchCache');

/** What the catalog uses of the drivers: tests pass in-memory fakes with the same interface. */
export type CatalogDrivers = Pick<MarketplaceDrivers, 'list' | 'get' | 'unavailable'>;
