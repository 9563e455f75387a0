-- Back-in-stock alerts (libs/domain alert-kinds.ts evaluateBackInStock). Numbered 009 with 010 left
-- to a change made in parallel: the runner applies every file not yet applied in numeric order.
--
-- kind back_in_stock takes no parameter: its crossing is the listing's availability, so
-- target_price is 0 and percent, days and base_price are NULL. armed means "last seen unavailable".
ALTER TABLE alerts DROP CONSTRAINT alerts_kind_check;
ALTER TABLE alerts ADD CONSTRAINT alerts_kind_check
  CHECK (kind IN ('target', 'percent_drop', 'lowest_in_days', 'back_in_stock'));
ALTER TABLE alerts DROP CONSTRAINT alerts_kind_parameters;
ALTER TABLE alerts ADD CONSTRAINT alerts_kind_parameters CHECK (
  (kind = 'target' AND percent IS NULL AND days IS NULL)
  OR (kind = 'percent_drop' AND percent IS NOT NULL AND base_price IS NOT NULL AND days IS NULL)
  OR (kind = 'lowest_in_days' AND days IS NOT NULL AND percent IS NULL)
  OR (kind = 'back_in_stock' AND percent IS NULL AND days IS NULL AND base_price IS NULL)
);

-- Each listing's availability as pricing's listing.availability-changed last said it. A new
-- back-in-stock alert takes its side from it (unavailable: armed); `changed_at` (the event's time)
-- keeps a late event from undoing a newer one; `unavailable_since` is what the email says.
-- A listing never reported is presumed available.
CREATE TABLE listing_availability (
  listing_key text PRIMARY KEY,
  available boolean NOT NULL,
  changed_at timestamptz NOT NULL,
  unavailable_since timestamptz
);
