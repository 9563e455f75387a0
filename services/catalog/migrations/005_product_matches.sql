-- Catalog schema (the runner sets search_path to `catalog`).
--
-- product_matches: the listings on the other marketplaces the matching rule accepted for a product
-- (GET /products/:id/also-on), per region (the marketplaces price and list by region), kept for a
-- few hours so page views do not search the marketplaces again. `listings` holds the matched
-- products in the catalog's product shape with their confidence. Only complete answers are kept:
-- a search that failed is retried on the next view.
CREATE TABLE product_matches (
  product_id text NOT NULL,
  region text NOT NULL,
  listings jsonb NOT NULL,
  matched_at timestamptz NOT NULL,
  PRIMARY KEY (product_id, region)
);
