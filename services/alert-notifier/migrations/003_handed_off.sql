-- When the sender handed the mail to SMTP. Set, the mail may have gone out: a retry of
-- the same job no longer takes the lease back at once (the sender could still be running), and a
-- resend after the lease runs out carries the same Message-ID. Cleared by each new claim.
ALTER TABLE notifications ADD COLUMN handed_off_at timestamptz;
