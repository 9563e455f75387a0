-- Auth schema (the runner sets search_path to `auth`).
--
-- link_requests: "resend my confirmation" and "forgot password" requests waiting to be fulfilled.
-- The request itself only queues a row, the same work for every address, so
-- its answer time says nothing about whether the address has an account; the link, if any, is
-- made in the background (LinkRequestsProcessor) and the row deleted in the same transaction.
CREATE TABLE link_requests (
  id uuid PRIMARY KEY,
  email text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('resend', 'recovery')),
  redirect_to text,
  requested_at timestamptz NOT NULL
);

CREATE INDEX link_requests_requested_at_idx ON link_requests (requested_at);
