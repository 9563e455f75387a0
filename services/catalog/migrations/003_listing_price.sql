-- Catalog schema (the runner sets search_path to `catalog`).
--
-- The listing's own price, kept beside the price shown when the marketplace converted it (eBay's
-- convertedFromValue for another site's listing, AliExpress's store price behind target_sale_price).
-- The good-price badge is read from the listing's history, which is in the listing's currency
-- (ARCHITECTURE §6), so a product answered from this cache in a region that converts still gets
-- its badge. NULL: the shown price is the listing's own.
ALTER TABLE products_cache ADD COLUMN listing_price numeric;
ALTER TABLE products_cache ADD COLUMN listing_currency text;
