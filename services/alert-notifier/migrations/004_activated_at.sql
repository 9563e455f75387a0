-- When an alert was last switched on (created, or turned back on after being off). An unsubscribe
-- link mailed before that time no longer switches it off: a replayed old email must not undo the
-- user's own decision to watch the product again.
ALTER TABLE alerts ADD COLUMN activated_at timestamptz;
UPDATE alerts SET activated_at = created_at WHERE activated_at IS NULL;
ALTER TABLE alerts ALTER COLUMN activated_at SET NOT NULL;
-- Rows written without it (bulk loads, fixtures) count as switched on when written.
ALTER TABLE alerts ALTER COLUMN activated_at SET DEFAULT now();
