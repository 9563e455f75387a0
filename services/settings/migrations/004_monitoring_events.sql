-- §3 monitoring events reported by browsers. Bounded: every insert prunes to
-- the newest MONITORING_EVENTS_MAX rows and MONITORING_EVENTS_RETENTION_DAYS days.
CREATE TABLE monitoring_events (
  id bigserial PRIMARY KEY,
  type text NOT NULL,
  component text NOT NULL,
  severity text NOT NULL,
  details jsonb NOT NULL,
  context jsonb NOT NULL,
  reported_at timestamptz NOT NULL,
  received_at timestamptz NOT NULL,
  user_id text
);
CREATE INDEX monitoring_events_received_at_idx ON monitoring_events (received_at);
