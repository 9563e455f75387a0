-- Any-marketplace alerts (libs/domain alert-scope.ts).
--
-- scope: what the alert watches, its own listing (every alert before scopes) or the listing and
--   its matches on the other marketplaces, firing on the group's cheapest landed price. An
--   any-marketplace alert is a target alert on the landed basis.
ALTER TABLE alerts ADD COLUMN scope text NOT NULL DEFAULT 'listing'
  CHECK (scope IN ('listing', 'any_marketplace'));
ALTER TABLE alerts ADD CONSTRAINT alerts_scope_kinds
  CHECK (scope = 'listing' OR (kind = 'target' AND basis = 'landed'));

-- The listings an any-marketplace alert watches (its own first, then the catalog's matches when it
-- was set), each with its latest known price and shipping in the listing's own currency (NULL =
-- unknown) and whether it is on sale. `observed_at` is the newest price.changed applied, so an
-- event older than it (out of order) changes nothing; `availability_at` likewise for availability.
CREATE TABLE alert_members (
  alert_id uuid NOT NULL REFERENCES alerts (id) ON DELETE CASCADE,
  position int NOT NULL,
  listing_key text NOT NULL,
  product_id text NOT NULL,
  marketplace text NOT NULL,
  title text NOT NULL,
  url text,
  price numeric(14, 2),
  shipping numeric(14, 2) CHECK (shipping >= 0),
  currency text NOT NULL,
  observed_at timestamptz,
  available boolean NOT NULL DEFAULT true,
  availability_at timestamptz,
  PRIMARY KEY (alert_id, listing_key)
);
CREATE INDEX alert_members_listing ON alert_members (listing_key);
