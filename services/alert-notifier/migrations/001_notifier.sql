-- Alert-notifier schema (the runner sets search_path to `alert_notifier`; application SQL
-- qualifies names). Price alerts, the contacts projection, sent notifications.

-- Spec §3 price alert, one per (user, listing) (§4: a new alert replaces the earlier one).
CREATE TABLE alerts (
  id uuid PRIMARY KEY,
  user_id text NOT NULL,
  -- "marketplace:listingId" (libs/domain listingKeyOf): what price.changed is keyed by.
  listing_key text NOT NULL,
  -- The listing id (normalised, §3 productId).
  product_id text NOT NULL,
  marketplace text NOT NULL,
  source text NOT NULL CHECK (source IN ('standalone', 'wishlist')),
  wishlist_id text,
  product_title text NOT NULL,
  product_image text,
  product_url text,
  -- 0 only for wishlist alerts on a listing whose price was unknown (§4): such an alert never fires.
  target_price numeric(14, 2) NOT NULL CHECK (target_price >= 0),
  current_price numeric(14, 2) NOT NULL DEFAULT 0 CHECK (current_price >= 0),
  -- The currency the target is in, and the listing's own currency (price.changed's).
  currency text NOT NULL,
  source_currency text,
  is_active boolean NOT NULL DEFAULT true,
  browser_notifications boolean NOT NULL DEFAULT false,
  -- ARCHITECTURE §6: true while the price is above the target (the next crossing fires).
  armed boolean NOT NULL,
  -- How many times it fired; the next crossing is number crossings + 1.
  crossings integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  UNIQUE (user_id, listing_key)
);
CREATE INDEX alerts_listing_active_idx ON alerts (listing_key) WHERE is_active;

-- Projection of auth.user-changed, plus §3 User preferences `notifications` (default true).
CREATE TABLE contacts (
  user_id text PRIMARY KEY,
  email text,
  email_confirmed boolean NOT NULL DEFAULT false,
  name text,
  deleted boolean NOT NULL DEFAULT false,
  notifications boolean NOT NULL DEFAULT true,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- One row per (alert, crossing): the unique key that makes the email exactly-once through
-- redeliveries and racing consumers. The row holds what the email says.
CREATE TABLE notifications (
  id uuid PRIMARY KEY,
  alert_id uuid NOT NULL REFERENCES alerts (id) ON DELETE CASCADE,
  crossing integer NOT NULL,
  user_id text NOT NULL,
  listing_key text NOT NULL,
  product_id text NOT NULL,
  marketplace text NOT NULL,
  product_title text NOT NULL,
  product_image text,
  product_url text,
  old_price numeric(14, 2) NOT NULL,
  new_price numeric(14, 2) NOT NULL,
  target_price numeric(14, 2) NOT NULL,
  currency text NOT NULL,
  -- pending → sending (leased by one worker) → sent; skipped (not eligible); failed (out of retries).
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'sent', 'skipped', 'failed')),
  lease_until timestamptz,
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  skip_reason text,
  message_id text,
  created_at timestamptz NOT NULL,
  sent_at timestamptz,
  UNIQUE (alert_id, crossing)
);
CREATE INDEX notifications_status_idx ON notifications (status, created_at) WHERE status IN ('pending', 'sending', 'failed');

-- The key that signs unsubscribe links when ALERT_UNSUBSCRIBE_SECRET is not set: generated once,
-- shared by every instance through this row.
CREATE TABLE signing_secrets (
  purpose text PRIMARY KEY,
  secret text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
