-- Issue 27 alert kinds (libs/domain alert-kinds.ts). Numbered 007 with 006 left to a change made in
-- parallel: the runner applies every file not yet applied in numeric order and needs no
-- contiguous numbers, so either may land first.
--
-- kind: what the alert watches; rows written before kinds are target alerts.
-- percent, base_price: percent_drop fires at P% below base_price (the price when it was set, in
--   the alert's currency); target_price then holds that threshold, so readers of target_price
--   (the feed, the email's chart) keep a meaningful line.
-- days: lowest_in_days' window. Its threshold moves with each observation; target_price is 0.
ALTER TABLE alerts ADD COLUMN kind text NOT NULL DEFAULT 'target'
  CHECK (kind IN ('target', 'percent_drop', 'lowest_in_days'));
ALTER TABLE alerts ADD COLUMN percent integer CHECK (percent BETWEEN 1 AND 90);
ALTER TABLE alerts ADD COLUMN days integer CHECK (days IN (30, 90, 365));
ALTER TABLE alerts ADD COLUMN base_price numeric(14, 2) CHECK (base_price > 0);
ALTER TABLE alerts ADD CONSTRAINT alerts_kind_parameters CHECK (
  (kind = 'target' AND percent IS NULL AND days IS NULL)
  OR (kind = 'percent_drop' AND percent IS NOT NULL AND base_price IS NOT NULL AND days IS NULL)
  OR (kind = 'lowest_in_days' AND days IS NOT NULL AND percent IS NULL)
);

-- Why a crossing fired (the domain's AlertReason: kind, price, threshold and what it came from),
-- written with the row in the transaction that saw the crossing: the email and the API say the
-- same thing however late the email goes out. NULL on rows written before kinds (target alerts).
ALTER TABLE notifications ADD COLUMN kind text NOT NULL DEFAULT 'target';
ALTER TABLE notifications ADD COLUMN reason jsonb;
