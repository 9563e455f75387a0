-- Landed prices (libs/domain alert-basis.ts). Numbered 010 with 009 left to a change made in
-- parallel: the runner applies every file not yet applied in numeric order.
--
-- basis: what the alert compares with its threshold, the item price or the landed price (item +
--   shipping, in the alert's currency). Rows written before it are item alerts. Landed is for
--   target and percent_drop only: a lowest-in-N alert's threshold is a history low, which is an
--   item price. A percent_drop landed alert's base_price is then the landed price when it was set.
-- current_shipping: the listing's shipping at the last price seen, in the alert's currency (NULL =
--   unknown), so an alert changed to landed can take its side at once.
ALTER TABLE alerts ADD COLUMN basis text NOT NULL DEFAULT 'item' CHECK (basis IN ('item', 'landed'));
ALTER TABLE alerts ADD CONSTRAINT alerts_landed_kinds CHECK (basis = 'item' OR kind IN ('target', 'percent_drop'));
ALTER TABLE alerts ADD COLUMN current_shipping numeric(14, 2) CHECK (current_shipping >= 0);

-- The crossing's basis and the listing's shipping then (alert's currency, NULL = unknown): the
-- email shows item + shipping = landed whenever shipping was known, whatever the basis.
ALTER TABLE notifications ADD COLUMN basis text NOT NULL DEFAULT 'item';
ALTER TABLE notifications ADD COLUMN shipping numeric(14, 2);
