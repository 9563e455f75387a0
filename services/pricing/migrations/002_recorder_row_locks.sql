-- The recorder serialises on current_prices rows (SELECT … FOR UPDATE) instead of one advisory
-- lock per listing: row locks live in the tuples, not in the shared lock table, so batches of
-- hundreds of listings from several pods cannot exhaust it. A listing seen for the first time
-- gets a row without a snapshot first, which the next recorder then waits on.
ALTER TABLE current_prices ALTER COLUMN price DROP NOT NULL;
ALTER TABLE current_prices ALTER COLUMN currency DROP NOT NULL;
ALTER TABLE current_prices ALTER COLUMN recorded_at DROP NOT NULL;

-- Personal rows are written once per price.observed event, however often it is redelivered.
ALTER TABLE price_history ADD COLUMN event_id uuid;
CREATE UNIQUE INDEX price_history_event_idx ON price_history (event_id);
