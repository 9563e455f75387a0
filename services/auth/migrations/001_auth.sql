-- Auth schema (the runner sets search_path to `auth`). Shaped after Supabase Auth (GoTrue), with
-- every secret stored hashed: refresh tokens, confirmation tokens and OAuth states are looked up
-- by the SHA-256 of a 256-bit random value, so a database dump does not hand out sessions.

CREATE TABLE users (
  id uuid PRIMARY KEY,
  -- Stored lower-cased and trimmed; uniqueness is therefore case-insensitive.
  email text NOT NULL UNIQUE,
  -- NULL for users who only ever signed in with a social provider.
  encrypted_password text,
  email_confirmed_at timestamptz,
  confirmation_sent_at timestamptz,
  app_metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
  user_metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
  last_sign_in_at timestamptz,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);

CREATE TABLE identities (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  provider text NOT NULL,
  -- The provider's own id of the account ('sub'); the user id for the email identity.
  provider_id text NOT NULL,
  identity_data jsonb NOT NULL DEFAULT '{}'::jsonb,
  last_sign_in_at timestamptz,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  UNIQUE (provider, provider_id)
);
CREATE INDEX identities_user_id_idx ON identities (user_id);

CREATE TABLE sessions (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  user_agent text,
  ip text,
  refreshed_at timestamptz,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX sessions_user_id_idx ON sessions (user_id);

-- One row per issued refresh token; a session's rows form its rotation chain. Deleting the
-- session (sign-out, reuse detected) deletes the whole family.
CREATE TABLE refresh_tokens (
  id bigserial PRIMARY KEY,
  session_id uuid NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  parent_id bigint REFERENCES refresh_tokens (id) ON DELETE CASCADE,
  -- Set when the token was exchanged for its successor.
  revoked_at timestamptz,
  created_at timestamptz NOT NULL
);
CREATE INDEX refresh_tokens_session_id_idx ON refresh_tokens (session_id);

-- Email confirmation tokens: single use (deleted when used), expiring after 24 hours.
CREATE TABLE one_time_tokens (
  token_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_type text NOT NULL,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX one_time_tokens_user_id_idx ON one_time_tokens (user_id, token_type);

-- OAuth `state` values between /authorize and /callback, with the PKCE verifier sent to the
-- provider; single use, short-lived.
CREATE TABLE oauth_states (
  state_hash text PRIMARY KEY,
  provider text NOT NULL,
  redirect_to text NOT NULL,
  code_verifier text,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL
);

-- ES256 signing keys; JWKS publishes every row so tokens signed by an older key still verify
-- until it is removed.
CREATE TABLE signing_keys (
  kid text PRIMARY KEY,
  private_jwk jsonb NOT NULL,
  public_jwk jsonb NOT NULL,
  created_at timestamptz NOT NULL
);
