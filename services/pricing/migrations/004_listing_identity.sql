-- A listing is (marketplace, item id, eBay variation) (ARCHITECTURE §6). Until
-- now pricing stored an eBay listing under its item id alone and kept a variation only as the id
-- to poll by (migration 003), so two variations of one item shared one history and alternated in
-- it. From here on product_id holds the listing id (libs/domain listingIdOf): the legacy item id
-- for the plain item (no variation or variation 0), "v1|<item>|<variation>" for a real variation.
-- (marketplace, product_id) in every table is the listing, and marketplace || ':' || product_id is
-- the listing key every event about it carries (snapshots, current prices, tracking, poll state).
--
-- Existing rows: a tracked eBay listing polled by a variation id IS that variation's listing, so
-- its tracking, reasons and poll state move to the variation's id, and so do the snapshots its
-- polls stored (source 'poll': fetched by that very id). Lookup snapshots and personal rows stay
-- with the plain item: they may be of any variation, and nothing tells which. current_prices of
-- both ids is rebuilt from their latest snapshot. poll_id is no longer written (the listing id is
-- what the drivers are asked for); the column stays NULL.

CREATE TEMP TABLE listing_moves ON COMMIT DROP AS
  SELECT product_id AS item_id, poll_id AS listing_id
    FROM poll_state
   WHERE marketplace = 'ebay'
     AND poll_id ~ '^v1\|[0-9]+\|[0-9]+$'
     AND split_part(poll_id, '|', 3) !~ '^0+$'
     AND split_part(poll_id, '|', 2) = product_id;

INSERT INTO tracked_products (product_id, marketplace, tracked_since)
  SELECT m.listing_id, 'ebay', t.tracked_since
    FROM listing_moves m JOIN tracked_products t ON t.product_id = m.item_id AND t.marketplace = 'ebay'
  ON CONFLICT DO NOTHING;

UPDATE tracking_reasons r SET product_id = m.listing_id
  FROM listing_moves m WHERE r.marketplace = 'ebay' AND r.product_id = m.item_id;

UPDATE poll_state p SET product_id = m.listing_id, poll_id = NULL
  FROM listing_moves m WHERE p.marketplace = 'ebay' AND p.product_id = m.item_id;

DELETE FROM tracked_products t USING listing_moves m
 WHERE t.marketplace = 'ebay' AND t.product_id = m.item_id;

UPDATE global_price_history g SET product_id = m.listing_id
  FROM listing_moves m WHERE g.marketplace = 'ebay' AND g.product_id = m.item_id AND g.source = 'poll';

-- The variation's current price: its latest (moved) snapshot; availability as the item's was.
INSERT INTO current_prices (product_id, marketplace, price, currency, recorded_at, available, unavailable_since)
  SELECT DISTINCT ON (g.product_id) g.product_id, 'ebay', g.price, g.currency, g.observed_at,
         COALESCE(c.available, true), c.unavailable_since
    FROM global_price_history g
    JOIN listing_moves m ON g.product_id = m.listing_id
    LEFT JOIN current_prices c ON c.product_id = m.item_id AND c.marketplace = 'ebay'
   WHERE g.marketplace = 'ebay'
   ORDER BY g.product_id, g.observed_at DESC, g.id DESC
  ON CONFLICT DO NOTHING;

-- The plain item's: its latest remaining snapshot, or no row when none is left.
UPDATE current_prices c SET price = l.price, currency = l.currency, recorded_at = l.observed_at
  FROM (SELECT DISTINCT ON (g.product_id) g.product_id, g.price, g.currency, g.observed_at
          FROM global_price_history g JOIN listing_moves m ON g.product_id = m.item_id
         WHERE g.marketplace = 'ebay'
         ORDER BY g.product_id, g.observed_at DESC, g.id DESC) l
 WHERE c.marketplace = 'ebay' AND c.product_id = l.product_id;
DELETE FROM current_prices c USING listing_moves m
 WHERE c.marketplace = 'ebay' AND c.product_id = m.item_id
   AND NOT EXISTS (SELECT 1 FROM global_price_history g WHERE g.marketplace = 'ebay' AND g.product_id = m.item_id);

-- Personal rows follow the 6-hour rule per (user, listing) from now on. Every
-- cached page view used to add a copy of the same observation (same time, same price): keep one.
DELETE FROM price_history h USING price_history d
 WHERE d.user_id = h.user_id AND d.product_id = h.product_id AND d.marketplace = h.marketplace
   AND d.observed_at = h.observed_at AND d.price = h.price AND d.currency = h.currency
   AND d.id < h.id;

COMMENT ON COLUMN poll_state.poll_id IS 'obsolete since 004: product_id is the listing id the drivers are asked for';
