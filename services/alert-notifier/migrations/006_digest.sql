-- Issue 27 §3, the daily digest. Per account: instant emails (as before) or one digest a day at a
-- local hour in an IANA zone (validated by the API with Intl; stored canonical).
ALTER TABLE contacts ADD COLUMN delivery text NOT NULL DEFAULT 'instant' CHECK (delivery IN ('instant', 'digest'));
ALTER TABLE contacts ADD COLUMN digest_hour smallint NOT NULL DEFAULT 8 CHECK (digest_hour BETWEEN 0 AND 23);
ALTER TABLE contacts ADD COLUMN time_zone text NOT NULL DEFAULT 'UTC';

-- One digest per (user, local day): the row is claimed (inserted, with the notifications it lists)
-- in one transaction before anything is sent, so racing ticks, two instances and redelivered jobs
-- find it taken. Its send follows the notifications lease: pending → sending (leased by one job)
-- → sent; skipped (the user switched emails off meanwhile); failed (out of retries).
CREATE TABLE digests (
  id uuid PRIMARY KEY,
  user_id text NOT NULL,
  digest_day date NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'sent', 'skipped', 'failed')),
  lease_until timestamptz,
  claimed_by text,
  handed_off_at timestamptz,
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  skip_reason text,
  message_id text,
  created_at timestamptz NOT NULL,
  sent_at timestamptz,
  UNIQUE (user_id, digest_day)
);
CREATE INDEX digests_unfinished_idx ON digests (status, created_at) WHERE status IN ('pending', 'sending');

-- A crossing of a digest user is recorded as usual (the exactly-once key) with status `digest`:
-- waiting for the digest of `digest_day` (the user's local day, libs/domain digestDayOf), and
-- `digest_id` once a digest claimed it. A later digest takes any waiting row of its day or before.
ALTER TABLE notifications DROP CONSTRAINT notifications_status_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_status_check
  CHECK (status IN ('pending', 'sending', 'sent', 'skipped', 'failed', 'digest'));
ALTER TABLE notifications ADD COLUMN digest_day date;
ALTER TABLE notifications ADD COLUMN digest_id uuid REFERENCES digests (id);
CREATE INDEX notifications_digest_waiting_idx ON notifications (user_id, digest_day)
  WHERE status = 'digest' AND digest_id IS NULL;
CREATE INDEX notifications_digest_id_idx ON notifications (digest_id) WHERE digest_id IS NOT NULL;
