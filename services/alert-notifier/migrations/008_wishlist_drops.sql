-- Price drops of wishlist items (wishlist.item-price-dropped), kept for the owner's private feed
-- whether or not the item has an alert. Bounded: each insert keeps the user's newest 50 (the
-- feed's length); the user's rows go when the user is deleted.
CREATE TABLE wishlist_drops (
  -- The event's id: a redelivered event is the same row.
  id uuid PRIMARY KEY,
  user_id text NOT NULL,
  item_id text NOT NULL,
  product_id text NOT NULL,
  marketplace text NOT NULL,
  product_title text NOT NULL,
  old_price numeric(14, 2) NOT NULL,
  new_price numeric(14, 2) NOT NULL,
  currency text NOT NULL,
  observed_at timestamptz NOT NULL
);
CREATE INDEX wishlist_drops_user_idx ON wishlist_drops (user_id, observed_at DESC, id);
