-- Catalog schema (the runner sets search_path to `catalog`).
--
-- The product identifiers the marketplace gave with the listing (eBay item: gtin, mpn, brand,
-- epid), kept so cross-marketplace matching can group a cached listing with others by GTIN or
-- brand + MPN without asking the marketplace again. NULL: none given (search summaries, AliExpress).
ALTER TABLE products_cache ADD COLUMN identifiers jsonb;
