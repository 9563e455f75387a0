-- How the session was signed in (password, oauth, otp, recovery), kept from its first token on:
-- a password change needs a recent sign-in or a recovery session, and a
-- refreshed token no longer says which it was. Sessions from before this column count as
-- ordinary sign-ins at their created_at.
ALTER TABLE sessions ADD COLUMN auth_method text;
