-- Deals from the listing's own history (libs/domain history-deals.ts): one row per listing and
-- currency with its latest snapshot, the median of its snapshots over the 90 days ending at that
-- snapshot, the window's point count and span, and the highest price it ever had (the "list price
-- never seen" check). The deals page then ranks stored rows instead of computing 10,000 medians
-- per request.
--
-- The window is anchored at the listing's latest snapshot, not at "now": a row only changes when
-- its history does, and deals only consider listings observed in the last few days
-- (DEAL_FRESH_DAYS), so the anchor is within days of now wherever it is read.
--
-- Kept by statement-level triggers on global_price_history (as migration 007's rollup is kept by
-- row triggers): every writer keeps it current, and a bulk insert (the demo history backfill, a
-- year per listing) recomputes each listing it touched once, not once per row.
CREATE TABLE listing_deal_stats (
  marketplace text NOT NULL,
  product_id text NOT NULL,
  currency text NOT NULL,
  price numeric(12, 2) NOT NULL,
  observed_at timestamptz NOT NULL,
  median numeric(12, 2) NOT NULL,
  points integer NOT NULL,
  first_at timestamptz NOT NULL,
  last_at timestamptz NOT NULL,
  highest_ever numeric(12, 2) NOT NULL,
  PRIMARY KEY (marketplace, product_id, currency)
);

-- The deals query: fresh rows below their median, biggest share first.
CREATE INDEX listing_deal_stats_fresh_idx ON listing_deal_stats (observed_at DESC);

CREATE FUNCTION listing_deal_stats_refresh(m text, p text, c text) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  latest record;
BEGIN
  SELECT price, observed_at INTO latest
    FROM pricing.global_price_history
   WHERE product_id = p AND marketplace = m AND currency = c
   ORDER BY observed_at DESC, id DESC
   LIMIT 1;
  IF NOT FOUND THEN
    DELETE FROM pricing.listing_deal_stats WHERE marketplace = m AND product_id = p AND currency = c;
    RETURN;
  END IF;
  INSERT INTO pricing.listing_deal_stats AS s
         (marketplace, product_id, currency, price, observed_at, median, points, first_at, last_at, highest_ever)
  SELECT m, p, c, latest.price, latest.observed_at,
         w.median, w.points, w.first_at, w.last_at, e.highest_ever
    FROM (SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY price)::numeric(12, 2) AS median,
                 count(*)::int AS points, min(observed_at) AS first_at, max(observed_at) AS last_at
            FROM pricing.global_price_history
           WHERE product_id = p AND marketplace = m AND currency = c
             AND observed_at > latest.observed_at - interval '90 days'
             AND observed_at <= latest.observed_at) w,
         (SELECT max(high) AS highest_ever
            FROM pricing.listing_price_days
           WHERE marketplace = m AND product_id = p AND currency = c) e
  ON CONFLICT (marketplace, product_id, currency) DO UPDATE
     SET price = EXCLUDED.price, observed_at = EXCLUDED.observed_at, median = EXCLUDED.median,
         points = EXCLUDED.points, first_at = EXCLUDED.first_at, last_at = EXCLUDED.last_at,
         highest_ever = EXCLUDED.highest_ever;
END $$;

-- One trigger function per event: a trigger with transition tables may name only one event.
CREATE FUNCTION listing_deal_stats_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pricing.listing_deal_stats_refresh(t.marketplace, t.product_id, t.currency)
     FROM (SELECT DISTINCT marketplace, product_id, currency FROM added) t;
  RETURN NULL;
END $$;

CREATE FUNCTION listing_deal_stats_after_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pricing.listing_deal_stats_refresh(t.marketplace, t.product_id, t.currency)
     FROM (SELECT DISTINCT marketplace, product_id, currency FROM removed) t;
  RETURN NULL;
END $$;

CREATE FUNCTION listing_deal_stats_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pricing.listing_deal_stats_refresh(t.marketplace, t.product_id, t.currency)
     FROM (SELECT marketplace, product_id, currency FROM removed
           UNION SELECT marketplace, product_id, currency FROM added) t;
  RETURN NULL;
END $$;

-- A statement's AFTER STATEMENT triggers fire after its AFTER ROW ones (migration 007's rollup),
-- so the rollup's highest price is current when the refresh reads it.
CREATE TRIGGER listing_deal_stats_on_insert AFTER INSERT ON global_price_history
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION listing_deal_stats_after_insert();
CREATE TRIGGER listing_deal_stats_on_delete AFTER DELETE ON global_price_history
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION listing_deal_stats_after_change();
CREATE TRIGGER listing_deal_stats_on_update AFTER UPDATE ON global_price_history
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION listing_deal_stats_after_update();

-- The listings recorded so far.
SELECT listing_deal_stats_refresh(t.marketplace, t.product_id, t.currency)
  FROM (SELECT DISTINCT marketplace, product_id, currency FROM global_price_history) t;
