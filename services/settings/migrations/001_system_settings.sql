-- System settings (spec §3): operators toggle maintenance mode, the beta landing page, feature
-- flags and the maximum number of search results.
CREATE TABLE system_settings (
  key text PRIMARY KEY,
  value jsonb NOT NULL,
  description text NOT NULL DEFAULT '',
  is_public boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL DEFAULT now()
);
