-- One history per listing, in the listing's currency (ARCHITECTURE §6). Until now the catalog
-- recorded a lookup in the currency the marketplace answered the VIEWER in (eBay in the site's
-- currency, AliExpress in the region's), so one listing's history mixed USD, EUR and JPY points
-- ($10.53, €9.69, $10.53) and every region switch looked like a price change. From here on every
-- observation carries the listing's own price and currency, and the recorder refuses one in
-- another currency than its listing's (no snapshot, no price.changed).
--
-- Existing rows. Which currency a listing is listed in was never stored, so it is chosen:
--   USD when any of its global snapshots is in USD, else the currency of its newest snapshot.
-- Before this change every producer asking in the default region answered in USD (the pollers
-- always ask there, the AliExpress affiliate API's store prices are USD, the demo lists in USD);
-- the other currencies came from shoppers viewing in other regions.
-- Points in another currency are DROPPED, not converted: they were converted by the marketplace
-- at its rate of that day, which we do not know; converting them back with our fallback rates
-- would invent prices (and fake moves). They are moved to history_currency_dropped, which keeps
-- them for audit and counts them (SELECT source_table, count(*) FROM pricing.history_currency_dropped
-- GROUP BY 1).
--
-- The choice is a guess, so existing listings are marked unconfirmed: the first observation
-- after this migration (which carries the listing's own currency) confirms it or, when it names
-- another currency, replaces it without a price.changed. New listings are confirmed by their
-- first observation.

CREATE TABLE history_currency_dropped (
  source_table text NOT NULL CHECK (source_table IN ('global_price_history', 'price_history')),
  id bigint NOT NULL,
  product_id text NOT NULL,
  marketplace text NOT NULL,
  price numeric(12, 2) NOT NULL,
  currency text NOT NULL,
  listing_currency text NOT NULL,
  observed_at timestamptz NOT NULL,
  user_id text,
  dropped_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (source_table, id)
);

CREATE TEMP TABLE listing_currency ON COMMIT DROP AS
  SELECT product_id, marketplace,
         CASE WHEN bool_or(currency = 'USD') THEN 'USD'
              ELSE (array_agg(currency ORDER BY observed_at DESC, id DESC))[1]
         END AS currency
    FROM global_price_history
   GROUP BY product_id, marketplace;

WITH moved AS (
  DELETE FROM global_price_history g USING listing_currency l
   WHERE g.product_id = l.product_id AND g.marketplace = l.marketplace AND g.currency <> l.currency
  RETURNING g.*, l.currency AS listing_currency
)
INSERT INTO history_currency_dropped
  (source_table, id, product_id, marketplace, price, currency, listing_currency, observed_at)
SELECT 'global_price_history', id, product_id, marketplace, price, currency, listing_currency, observed_at
  FROM moved;

WITH moved AS (
  DELETE FROM price_history h USING listing_currency l
   WHERE h.product_id = l.product_id AND h.marketplace = l.marketplace AND h.currency <> l.currency
  RETURNING h.*, l.currency AS listing_currency
)
INSERT INTO history_currency_dropped
  (source_table, id, product_id, marketplace, price, currency, listing_currency, observed_at, user_id)
SELECT 'price_history', id, product_id, marketplace, price, currency, listing_currency, observed_at, user_id
  FROM moved;

-- The current price is the newest snapshot left, so the next observation compares like with like.
UPDATE current_prices c
   SET price = g.price, currency = g.currency, recorded_at = g.observed_at
  FROM listing_currency l
  CROSS JOIN LATERAL (
         SELECT price, currency, observed_at FROM global_price_history h
          WHERE h.product_id = l.product_id AND h.marketplace = l.marketplace
          ORDER BY observed_at DESC, id DESC LIMIT 1
       ) g
 WHERE c.product_id = l.product_id AND c.marketplace = l.marketplace
   AND c.currency IS DISTINCT FROM l.currency;

ALTER TABLE current_prices ADD COLUMN currency_confirmed boolean NOT NULL DEFAULT true;
UPDATE current_prices SET currency_confirmed = false WHERE recorded_at IS NOT NULL;
