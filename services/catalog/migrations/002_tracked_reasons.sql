-- Catalog schema (the runner sets search_path to `catalog`).
--
-- tracked_reasons: the catalog's projection of `tracking.changed`. A signed-in
-- user with at least one tracked reason (a wishlist item or an active alert) may spend the floor of
-- the marketplace budgets held back from everyone else. One row per reason (owner = item or alert
-- id); `tracked` false keeps the row, so a redelivered older event cannot bring a reason back.
CREATE TABLE tracked_reasons (
  reason text NOT NULL,
  owner_id text NOT NULL,
  user_id text NOT NULL,
  tracked boolean NOT NULL,
  changed_at timestamptz NOT NULL,
  PRIMARY KEY (reason, owner_id)
);

CREATE INDEX tracked_reasons_user ON tracked_reasons (user_id) WHERE tracked;
