-- Landed prices: the listing's latest known shipping cost (in the listing's currency, 0 = free,
-- NULL = never told), so price.changed can carry it and alerts can compare item + shipping.
-- An observation without shipping leaves the known value as it is (unknown is not free). A new
-- shipping at the same price within the dedupe window is stored here without a snapshot or a
-- price.changed: history and the drop rule stay about the item price (ARCHITECTURE §6).
ALTER TABLE current_prices ADD COLUMN shipping numeric(12, 2) CHECK (shipping >= 0);
