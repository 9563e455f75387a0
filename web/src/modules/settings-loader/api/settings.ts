import { apiRead } from '../../../lib/api';

/** The one queryKeys object of the settings data (CONVENTIONS, front end). */
export const settingsKeys = {
  public: ['settings', 'public'] as const,
  all: ['settings', 'all'] as const,
};

/** §7: key → value map of the is_public settings (GET /api/v1/settings/public). */
export const fetchPublicSettings = () => apiRead('GET /api/v1/settings/public', '/api/v1/settings/public');

/** Admin: every setting ordered by key. */
export const fetchAllSettings = () => apiRead('GET /api/v1/admin/settings', '/api/v1/admin/settings');

/** Admin: upsert one setting (PUT /api/v1/admin/settings/:key {value, description?}). */
export const saveSetting = (key: string, value: unknown, description?: string) =>
  apiRead('PUT /api/v1/admin/settings/{key}', `/api/v1/admin/settings/${encodeURIComponent(key)}`, {
    body: JSON.stringify(description === undefined ? { value } : { value, description }),
  });
