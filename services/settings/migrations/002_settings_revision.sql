-- Every write takes the next revision (across all keys). It is the id of the settings.changed
-- event pushed to browsers over SSE, so a reconnect with Last-Event-ID can ask for what it missed.
CREATE SEQUENCE system_settings_revision;
ALTER TABLE system_settings ADD COLUMN revision bigint NOT NULL DEFAULT nextval('system_settings_revision');
