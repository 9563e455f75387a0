-- Private Atom feeds of fired alerts: the URL carries a random token, the only key to the feed.
-- Only its SHA-256 is kept, so a copy of this table opens no one's feed. A user has at most one
-- active token; a rotated or revoked one keeps its row (revoked_at set) until the user is deleted.
CREATE TABLE feed_tokens (
  id uuid PRIMARY KEY,
  user_id text NOT NULL,
  -- Hex SHA-256 of the token (base64url of 32 random bytes).
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE UNIQUE INDEX feed_tokens_one_active_idx ON feed_tokens (user_id) WHERE revoked_at IS NULL;
