-- The good-price badge's stored statistics (ARCHITECTURE §6 "Price verdict and good price badge":
-- "search answers carry it from stored statistics"): one row per listing, currency and UTC day with
-- that day's lowest and highest global snapshot, how many there were and the first and last
-- instant. A search answer's badges are then one indexed read of at most ~90 small rows per card
-- instead of a scan of each listing's history.
--
-- Kept by a trigger on global_price_history, not by the recorder: every writer of snapshots (the
-- recorder, the demo history backfill that inserts directly, a migration that moves rows) keeps
-- it current without knowing it exists. Inserts widen the day's row; an update or delete
-- recomputes the days it touched from the snapshots, so the rollup is always what a GROUP BY over
-- the snapshots would give. Depends only on migrations 001–005.
CREATE TABLE listing_price_days (
  marketplace text NOT NULL,
  product_id text NOT NULL,
  currency text NOT NULL,
  day date NOT NULL,
  low numeric(12, 2) NOT NULL,
  high numeric(12, 2) NOT NULL,
  points integer NOT NULL CHECK (points > 0),
  first_at timestamptz NOT NULL,
  last_at timestamptz NOT NULL,
  PRIMARY KEY (marketplace, product_id, currency, day)
);

-- Names are schema-qualified: a trigger runs under the search_path of whoever writes the snapshot.
CREATE FUNCTION listing_price_days_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO pricing.listing_price_days AS d
         (marketplace, product_id, currency, day, low, high, points, first_at, last_at)
  VALUES (NEW.marketplace, NEW.product_id, NEW.currency, (NEW.observed_at AT TIME ZONE 'UTC')::date,
          NEW.price, NEW.price, 1, NEW.observed_at, NEW.observed_at)
  ON CONFLICT (marketplace, product_id, currency, day) DO UPDATE
     SET low = LEAST(d.low, EXCLUDED.low),
         high = GREATEST(d.high, EXCLUDED.high),
         points = d.points + 1,
         first_at = LEAST(d.first_at, EXCLUDED.first_at),
         last_at = GREATEST(d.last_at, EXCLUDED.last_at);
  RETURN NULL;
END $$;

-- The day a removed (or moved) snapshot belonged to, rebuilt from what is left of it.
CREATE FUNCTION listing_price_days_recompute(m text, p text, c text, at timestamptz) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  d date := (at AT TIME ZONE 'UTC')::date;
BEGIN
  DELETE FROM pricing.listing_price_days
   WHERE marketplace = m AND product_id = p AND currency = c AND day = d;
  INSERT INTO pricing.listing_price_days (marketplace, product_id, currency, day, low, high, points, first_at, last_at)
    SELECT m, p, c, d, min(price), max(price), count(*), min(observed_at), max(observed_at)
      FROM pricing.global_price_history
     WHERE marketplace = m AND product_id = p AND currency = c
       AND observed_at >= d::timestamp AT TIME ZONE 'UTC'
       AND observed_at < (d + 1)::timestamp AT TIME ZONE 'UTC'
    HAVING count(*) > 0;
END $$;

CREATE FUNCTION listing_price_days_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pricing.listing_price_days_recompute(OLD.marketplace, OLD.product_id, OLD.currency, OLD.observed_at);
  IF TG_OP = 'UPDATE' THEN
    PERFORM pricing.listing_price_days_recompute(NEW.marketplace, NEW.product_id, NEW.currency, NEW.observed_at);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER listing_price_days_on_insert AFTER INSERT ON global_price_history
  FOR EACH ROW EXECUTE FUNCTION listing_price_days_add();
CREATE TRIGGER listing_price_days_on_change AFTER UPDATE OR DELETE ON global_price_history
  FOR EACH ROW EXECUTE FUNCTION listing_price_days_change();

-- The snapshots stored so far.
INSERT INTO listing_price_days (marketplace, product_id, currency, day, low, high, points, first_at, last_at)
  SELECT marketplace, product_id, currency, (observed_at AT TIME ZONE 'UTC')::date,
         min(price), max(price), count(*), min(observed_at), max(observed_at)
    FROM global_price_history
   GROUP BY marketplace, product_id, currency, (observed_at AT TIME ZONE 'UTC')::date;
