-- Read-only share links of a list. The link carries a random token (base64url of 32 bytes); only
-- its hex SHA-256 is kept, so a copy of this table opens no shared list. The spec's share_token
-- column stays unused for that reason: it would have held the token itself. One link per list: a
-- new link replaces the old one, revoking clears it, deleting the list (or its user) ends it.
ALTER TABLE wishlists ADD COLUMN share_token_hash text;
CREATE UNIQUE INDEX wishlists_share_token_hash_idx ON wishlists (share_token_hash)
  WHERE share_token_hash IS NOT NULL;
