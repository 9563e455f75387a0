-- Pricing schema (the runner sets search_path to `pricing`; application SQL qualifies names).
-- Spec §3 price snapshot tables, ARCHITECTURE §4 (polling) and §6 (dedupe, drops).

-- Every stored global snapshot (spec §3 global_price_history; its "timestamp" is observed_at).
CREATE TABLE global_price_history (
  id bigserial PRIMARY KEY,
  product_id text NOT NULL,
  marketplace text NOT NULL,
  price numeric(12, 2) NOT NULL CHECK (price > 0),
  currency text NOT NULL,
  observed_at timestamptz NOT NULL,
  -- lookup (catalog) or poll (pricing pollers)
  source text NOT NULL
);
CREATE INDEX global_price_history_product_idx ON global_price_history (product_id, marketplace, observed_at);

-- A signed-in user's own lookups (spec §3 price_history); never deduplicated by the 6-hour rule.
CREATE TABLE price_history (
  id bigserial PRIMARY KEY,
  product_id text NOT NULL,
  marketplace text NOT NULL,
  price numeric(12, 2) NOT NULL CHECK (price > 0),
  currency text NOT NULL,
  user_id text NOT NULL,
  observed_at timestamptz NOT NULL
);
CREATE INDEX price_history_user_product_idx ON price_history (user_id, product_id, marketplace, observed_at);

-- The latest stored snapshot per listing: the dedupe rule compares against it, and concurrent
-- recorders serialise on its (product, marketplace) advisory lock before reading it.
CREATE TABLE current_prices (
  product_id text NOT NULL,
  marketplace text NOT NULL,
  price numeric(12, 2) NOT NULL,
  currency text NOT NULL,
  -- observed_at of the latest stored snapshot: the 6-hour window starts here.
  recorded_at timestamptz NOT NULL,
  -- A listing that vanished from its marketplace is marked, never deleted (its history stays).
  available boolean NOT NULL DEFAULT true,
  unavailable_since timestamptz,
  PRIMARY KEY (product_id, marketplace)
);

-- Products somebody cares about. A row lives while at least one reason does.
CREATE TABLE tracked_products (
  product_id text NOT NULL,
  marketplace text NOT NULL,
  tracked_since timestamptz NOT NULL,
  PRIMARY KEY (product_id, marketplace)
);

-- Why a product is tracked, one row per (reason, owner): a repeated tracking.changed is an upsert,
-- so reference counting stays right under redelivery.
CREATE TABLE tracking_reasons (
  product_id text NOT NULL,
  marketplace text NOT NULL,
  reason text NOT NULL CHECK (reason IN ('wishlist', 'alert')),
  owner_id text NOT NULL,
  -- Alerts only: refreshes go hourly while the price is within 10% of it.
  target_price numeric(12, 2),
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (product_id, marketplace, reason, owner_id),
  FOREIGN KEY (product_id, marketplace) REFERENCES tracked_products (product_id, marketplace) ON DELETE CASCADE
);

-- When each tracked listing is polled next, and how the last polls went (CONVENTIONS: polling by
-- fan-out keeps this in Postgres, so lost jobs are re-derived from it).
CREATE TABLE poll_state (
  product_id text NOT NULL,
  marketplace text NOT NULL,
  next_due_at timestamptz NOT NULL,
  interval_seconds integer NOT NULL,
  -- 1 = refreshed hourly (alert near its target); 2 = every 6 hours.
  priority smallint NOT NULL DEFAULT 2,
  failures integer NOT NULL DEFAULT 0,
  last_error text,
  last_polled_at timestamptz,
  last_success_at timestamptz,
  -- Set while a poll job for the listing is queued, so the due-finder does not enqueue it twice;
  -- a job lost with its queue (embedded mode restart) frees the listing when the lease ends.
  leased_until timestamptz,
  PRIMARY KEY (product_id, marketplace),
  FOREIGN KEY (product_id, marketplace) REFERENCES tracked_products (product_id, marketplace) ON DELETE CASCADE
);
CREATE INDEX poll_state_due_idx ON poll_state (marketplace, next_due_at);

-- Marketplace API calls made by the pollers per UTC day, shared by every worker process.
CREATE TABLE api_usage (
  marketplace text NOT NULL,
  day date NOT NULL,
  calls integer NOT NULL DEFAULT 0,
  PRIMARY KEY (marketplace, day)
);
