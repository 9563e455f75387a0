-- §3 log tables. The gateway ships its request log rows over the bus
-- (gateway.request-logs); this service owns and writes them (see docs/architecture.md).
CREATE TABLE api_request_logs (
  id bigserial PRIMARY KEY,
  route text NOT NULL,
  method text NOT NULL,
  status_code integer NOT NULL,
  response_time_ms double precision NOT NULL,
  service_name text NOT NULL,
  user_id text,
  created_at timestamptz NOT NULL
);
CREATE INDEX api_request_logs_created_at_idx ON api_request_logs (created_at);

CREATE TABLE daily_api_requests (
  service_name text NOT NULL,
  request_date date NOT NULL,
  request_count bigint NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (service_name, request_date)
);
