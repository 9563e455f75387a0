import { AUCTION_CONDITION_IDS } from '@pt/domain';

/** Sort orders of a catalog search; relevance keeps each marketplace's own ranking. */
export const CATALOG_SORTS = ['relevance', 'price_asc', 'price_desc', 'rating', 'newest'] as const;
export type CatalogSort = (typeof CATALOG_SORTS)[number];

/** §9 condition filters (the auction marketplace's condition ids are behind them). */
export const CONDITION_FILTERS = Object.keys(AUCTION_CONDITION_IDS) as Array<
  keyof typeof AUCTION_CONDITION_IDS
>;
