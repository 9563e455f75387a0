-- The web app's screens follow feature_flags (docs/architecture.md, "Feature flags"), so the
-- public settings read must carry it. Rows seeded before this were written with is_public false;
-- later writes set it through isPublicOnWrite.
UPDATE system_settings SET is_public = true WHERE key = 'feature_flags';
