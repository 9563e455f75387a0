-- The id a listing is polled by. Snapshots are keyed by the canonical id (an eBay legacy item id),
-- but an eBay listing with variations is only found by its full API id ("v1|<item>|<variation>"),
-- so the most specific id the tracking events named is kept for the marketplace call.
ALTER TABLE poll_state ADD COLUMN poll_id text;
