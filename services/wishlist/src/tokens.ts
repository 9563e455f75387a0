/** The service's Postgres schema; every SQL statement qualifies its tables with it. */
export const WISHLIST_SCHEMA = 'wishlist';
