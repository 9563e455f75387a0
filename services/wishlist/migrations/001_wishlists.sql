-- Wishlist schema (the runner sets search_path to `wishlist`; application SQL qualifies names).
-- Spec §3 (Wishlist, Wishlist item and their database columns), §4, §6, §9.

-- §3 wishlists. share_token, description, color and icon exist but are unused (spec §3).
CREATE TABLE wishlists (
  id uuid PRIMARY KEY,
  user_id text NOT NULL,
  name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 100),
  is_default boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL,
  -- Creation order when two lists share a created_at (same millisecond, or a test clock).
  seq bigint GENERATED ALWAYS AS IDENTITY,
  -- The anonymous list id this list was imported from (import idempotence), if any.
  import_key text,
  share_token text,
  description text,
  color text,
  icon text
);
CREATE INDEX wishlists_user_idx ON wishlists (user_id, created_at, seq);
-- §4: exactly one default per user; this index makes a second one impossible even under races.
CREATE UNIQUE INDEX wishlists_one_default_idx ON wishlists (user_id) WHERE is_default;
CREATE UNIQUE INDEX wishlists_import_key_idx ON wishlists (user_id, import_key) WHERE import_key IS NOT NULL;

-- §3 wishlist_items plus the product snapshot the client shows and the §9 price summary.
-- product_id is the listing key "marketplace:listingId" (ARCHITECTURE §6), so every id form of one
-- listing is one item. user_id is copied from the list so every query is scoped by it directly.
CREATE TABLE wishlist_items (
  id uuid PRIMARY KEY,
  wishlist_id uuid NOT NULL REFERENCES wishlists (id) ON DELETE CASCADE,
  user_id text NOT NULL,
  product_id text NOT NULL,
  marketplace text NOT NULL,
  added_at timestamptz NOT NULL,
  tracking_since timestamptz NOT NULL,
  notes text,
  price_alert boolean NOT NULL DEFAULT false,
  target_price numeric(12, 2) CHECK (target_price >= 0),
  position integer NOT NULL CHECK (position >= 0),
  title text NOT NULL,
  price numeric(12, 2) NOT NULL CHECK (price >= 0),
  currency text NOT NULL,
  image text,
  url text,
  source text,
  shipping text,
  rating numeric(3, 2),
  reviews integer,
  condition text NOT NULL DEFAULT 'New' CHECK (condition = 'New'),
  -- §9 price summary, kept current by price.changed.
  price_when_added numeric(12, 2) NOT NULL,
  lowest_price numeric(12, 2) NOT NULL,
  highest_price numeric(12, 2) NOT NULL,
  current_savings numeric(12, 2) NOT NULL DEFAULT 0,
  potential_savings numeric(12, 2) NOT NULL DEFAULT 0,
  -- When the current price was observed (older price events never overwrite a newer price).
  price_observed_at timestamptz NOT NULL,
  UNIQUE (wishlist_id, product_id)
);
CREATE INDEX wishlist_items_user_idx ON wishlist_items (user_id);
CREATE INDEX wishlist_items_product_idx ON wishlist_items (product_id);

-- Prices seen for an item since it was added (§3 priceHistory). One row per observation time, so a
-- redelivered or re-sent price event adds nothing.
CREATE TABLE wishlist_item_prices (
  item_id uuid NOT NULL REFERENCES wishlist_items (id) ON DELETE CASCADE,
  observed_at timestamptz NOT NULL,
  price numeric(12, 2) NOT NULL CHECK (price >= 0),
  PRIMARY KEY (item_id, observed_at)
);
