-- Auth schema (the runner sets search_path to `auth`).
--
-- pepper_check: one argon2id hash of a fixed text, made with AUTH_PASSWORD_PEPPER as argon2's
-- secret at the first start. Every start verifies it, so a database restored
-- under another pepper refuses to start, naming the variable, instead of running while no
-- password matches. It reveals nothing the users' own hashes do not: anyone holding the table and
-- one known password can already test pepper guesses.
CREATE TABLE pepper_check (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  canary text NOT NULL,
  created_at timestamptz NOT NULL
);
