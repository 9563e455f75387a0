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
-- row triggers): every writer keeps it current, and a statement (a recorder batch, the demo history
-- backfill's year per listing) recomputes the listings it touched once, in one set-based statement.
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

-- The listings named (parallel arrays), recomputed from their snapshots in ONE statement: a batch
-- the recorder writes costs one set-based refresh, not a function call per listing. A listing
-- with no snapshot left is not written (the delete trigger removes its row).
CREATE FUNCTION listing_deal_stats_refresh(ms text[], ps text[], cs text[]) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO pricing.listing_deal_stats AS s
         (marketplace, product_id, currency, price, observed_at, median, points, first_at, last_at, highest_ever)
  SELECT t.marketplace, t.product_id, t.currency, l.price, l.observed_at,
         w.median, w.points, w.first_at, w.last_at, e.highest_ever
    FROM (SELECT DISTINCT * FROM unnest(ms, ps, cs) AS u(marketplace, product_id, currency)) t
    CROSS JOIN LATERAL (
      SELECT g.price, g.observed_at FROM pricing.global_price_history g
       WHERE g.product_id = t.product_id AND g.marketplace = t.marketplace AND g.currency = t.currency
       ORDER BY g.observed_at DESC, g.id DESC LIMIT 1) l
    CROSS JOIN LATERAL (
      SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY g.price)::numeric(12, 2) AS median,
             count(*)::int AS points, min(g.observed_at) AS first_at, max(g.observed_at) AS last_at
        FROM pricing.global_price_history g
       WHERE g.product_id = t.product_id AND g.marketplace = t.marketplace AND g.currency = t.currency
         AND g.observed_at > l.observed_at - interval '90 days' AND g.observed_at <= l.observed_at) w
    CROSS JOIN LATERAL (
      SELECT max(d.high) AS highest_ever FROM pricing.listing_price_days d
       WHERE d.marketplace = t.marketplace AND d.product_id = t.product_id AND d.currency = t.currency) e
  ON CONFLICT (marketplace, product_id, currency) DO UPDATE
     SET price = EXCLUDED.price, observed_at = EXCLUDED.observed_at, median = EXCLUDED.median,
         points = EXCLUDED.points, first_at = EXCLUDED.first_at, last_at = EXCLUDED.last_at,
         highest_ever = EXCLUDED.highest_ever;
$$;

-- The rows of the listings named that have no snapshot left (all deleted, or moved by an update).
CREATE FUNCTION listing_deal_stats_forget_empty(ms text[], ps text[], cs text[]) RETURNS void
LANGUAGE sql AS $$
  DELETE FROM pricing.listing_deal_stats s
   USING unnest(ms, ps, cs) AS t(marketplace, product_id, currency)
   WHERE s.marketplace = t.marketplace AND s.product_id = t.product_id AND s.currency = t.currency
     AND NOT EXISTS (SELECT 1 FROM pricing.global_price_history g
                      WHERE g.product_id = t.product_id AND g.marketplace = t.marketplace AND g.currency = t.currency);
$$;

-- One trigger function per event: a trigger with transition tables may name only one event.
CREATE FUNCTION listing_deal_stats_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pricing.listing_deal_stats_refresh(array_agg(marketplace), array_agg(product_id), array_agg(currency))
     FROM added;
  RETURN NULL;
END $$;

CREATE FUNCTION listing_deal_stats_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pricing.listing_deal_stats_forget_empty(array_agg(marketplace), array_agg(product_id), array_agg(currency))
     FROM removed;
  PERFORM pricing.listing_deal_stats_refresh(array_agg(marketplace), array_agg(product_id), array_agg(currency))
     FROM removed;
  RETURN NULL;
END $$;

CREATE FUNCTION listing_deal_stats_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pricing.listing_deal_stats_forget_empty(array_agg(marketplace), array_agg(product_id), array_agg(currency))
     FROM removed;
  PERFORM pricing.listing_deal_stats_refresh(array_agg(marketplace), array_agg(product_id), array_agg(currency))
     FROM (SELECT marketplace, product_id, currency FROM removed
           UNION ALL SELECT marketplace, product_id, currency FROM added) t;
  RETURN NULL;
END $$;

-- A statement's AFTER STATEMENT triggers fire after its AFTER ROW ones (migration 007's rollup),
-- so the rollup's highest price is current when the refresh reads it.
CREATE TRIGGER listing_deal_stats_on_insert AFTER INSERT ON global_price_history
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION listing_deal_stats_after_insert();
CREATE TRIGGER listing_deal_stats_on_delete AFTER DELETE ON global_price_history
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION listing_deal_stats_after_delete();
CREATE TRIGGER listing_deal_stats_on_update AFTER UPDATE ON global_price_history
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION listing_deal_stats_after_update();

-- The listings recorded so far.
SELECT listing_deal_stats_refresh(array_agg(marketplace), array_agg(product_id), array_agg(currency))
  FROM (SELECT DISTINCT marketplace, product_id, currency FROM global_price_history) t;
