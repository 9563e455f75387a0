-- Catalog schema (the runner sets search_path to `catalog`).
--
-- products_cache: spec §3 "cached product record" plus what the app shape needs to render a
-- product page without a live call (jsonb specifications/features/images) and provenance: which
-- marketplace call produced the row (`source`) and when (`fetched_at`). The lookup order (§4)
-- reads it before the live API.
CREATE TABLE products_cache (
  id text PRIMARY KEY,
  title text NOT NULL,
  description text NOT NULL DEFAULT '',
  price numeric(12, 2) NOT NULL CHECK (price >= 0),
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  original_price numeric(12, 2) CHECK (original_price >= 0),
  -- The highest price this cache has seen for the product: a discount "against the product's own
  -- history" (deals) needs a reference that survives the row being overwritten by a lower price.
  highest_price numeric(12, 2) CHECK (highest_price >= 0),
  image_url text,
  images jsonb NOT NULL DEFAULT '[]'::jsonb,
  marketplace text NOT NULL,
  marketplace_name text,
  url text NOT NULL,
  rating numeric(3, 2) CHECK (rating BETWEEN 0 AND 5),
  review_count integer CHECK (review_count >= 0),
  shipping text,
  shipping_cost numeric(12, 2) CHECK (shipping_cost >= 0),
  category text,
  seller text,
  condition text,
  availability text,
  location text,
  specifications jsonb NOT NULL DEFAULT '{}'::jsonb,
  features jsonb NOT NULL DEFAULT '[]'::jsonb,
  -- Provenance: 'item' (the marketplace's item endpoint) or 'search' (the §4 search-by-item-id fallback).
  source text NOT NULL CHECK (source IN ('item', 'search')),
  fetched_at timestamptz NOT NULL,
  -- When this cache first saw the product: "new arrivals" are the products first seen lately.
  first_seen_at timestamptz NOT NULL,
  last_updated timestamptz NOT NULL
);

CREATE INDEX products_cache_first_seen_idx ON products_cache (first_seen_at DESC);
CREATE INDEX products_cache_marketplace_idx ON products_cache (marketplace, last_updated DESC);
CREATE INDEX products_cache_category_idx ON products_cache (lower(category));

-- The catalog's projection of `settings.changed` (ARCHITECTURE §1: a service never reads another
-- service's schema). Only the keys the catalog uses are kept; the event's time orders updates so
-- a late redelivery never overwrites a newer value.
CREATE TABLE settings_projection (
  key text PRIMARY KEY,
  value jsonb,
  changed_at timestamptz NOT NULL
);
