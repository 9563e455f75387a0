-- Demo mode only (no real credentials, not production): a demo listing's simulated past. When
-- pricing first hears of a listing of the demo marketplaces, it writes the year before that
-- moment from the demo's price function into global_price_history with source 'demo' (daily,
-- 6-hourly for the last 30 days), and records here that it did. The row and the points are one
-- transaction, so a listing is backfilled exactly once, whatever restarts or replicas do: a
-- concurrent backfill of the same listing waits on this primary key and then finds it taken.
CREATE TABLE demo_history_backfills (
  product_id text NOT NULL,
  marketplace text NOT NULL,
  -- The demo catalog (DEMO_SEED) whose price function the points come from.
  seed text NOT NULL,
  points integer NOT NULL,
  -- Every backfilled point is before this instant: the listing's first real snapshot, or the
  -- moment of the backfill.
  until_at timestamptz NOT NULL,
  backfilled_at timestamptz NOT NULL,
  PRIMARY KEY (product_id, marketplace)
);
