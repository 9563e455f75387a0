import { z } from 'zod';
import { DEFAULT_USER_PREFERENCES, PREFERENCE_THEMES, SETTING_KEYS } from '@pt/domain';
import { CurrencyCodeSchema, IsoDateTimeSchema } from './common';

/**
 * §3 system setting keys. Persisted (system_settings.key, settings.changed events) — never rename.
 * Defined once in @pt/domain, which parses their values.
 */
export const SettingKeys = SETTING_KEYS;
export type { SettingKey } from '@pt/domain';

/** §3 system_settings row. value is JSON; parse known keys with @pt/domain `parseSystemSettings`. */
export const SystemSettingSchema = z.object({
  key: z.string().min(1),
  value: z.unknown(),
  description: z.string().nullable().optional(),
  is_public: z.boolean(),
  updated_at: IsoDateTimeSchema,
});
export type SystemSetting = z.infer<typeof SystemSettingSchema>;

/** §7 settings upsert body (admin). is_public is decided by the server (§6). */
export const UpsertSettingBodySchema = z.object({
  value: z.unknown().refine((v) => v !== undefined, 'value is required'),
  description: z.string().max(500).optional(),
});
export type UpsertSettingBody = z.infer<typeof UpsertSettingBodySchema>;

const WHOLE_RESULTS = 'Enter a whole number of results, 1 or more';
/** The value of the max search results setting (§3): a whole number of results, at least 1. */
export const MaxSearchResultsValueSchema = z.coerce
  .number({ error: WHOLE_RESULTS })
  .int(WHOLE_RESULTS)
  .min(1, WHOLE_RESULTS);

/** Setting keys in paths: letters, digits, `_`, `.`, `-` (what operators write; nothing to escape). */
export const SettingKeySchema = z
  .string()
  .regex(/^[A-Za-z0-9_.-]{1,100}$/, 'Setting keys are 1-100 letters, digits, "_", "." or "-"');
export const SettingKeyParamsSchema = z.object({ key: SettingKeySchema });

/** §7 all settings, ordered by key (admin). */
export const SystemSettingListResponseSchema = z.array(SystemSettingSchema);
export type SystemSettingListResponse = z.infer<typeof SystemSettingListResponseSchema>;

/** §7 public settings read: key → value map. */
export const PublicSettingsResponseSchema = z.record(z.string(), z.unknown());
export type PublicSettingsResponse = z.infer<typeof PublicSettingsResponseSchema>;

/** §3 user preferences with their defaults. */
export const UserPreferencesSchema = z.object({
  currency: CurrencyCodeSchema.default(DEFAULT_USER_PREFERENCES.currency),
  theme: z.enum(PREFERENCE_THEMES).default(DEFAULT_USER_PREFERENCES.theme),
  notifications: z.boolean().default(DEFAULT_USER_PREFERENCES.notifications),
});
export type UserPreferences = z.infer<typeof UserPreferencesSchema>;

/**
 * `GET /api/v1/events` (gateway, Server-Sent Events). Each change is `event: settings.changed`,
 * `id: <revision>`, `data: <this JSON>`; the browser's loader reloads on it (§4). `value` is sent
 * only for public keys and maintenance_mode (others: reload through the admin read). A reconnect
 * with Last-Event-ID gets every key changed after that revision.
 */
export const SettingsChangedStreamEventSchema = z.object({
  key: z.string().min(1),
  revision: z.number().int().nonnegative(),
  isPublic: z.boolean(),
  value: z.unknown().optional(),
  updatedAt: IsoDateTimeSchema.optional(),
});
export type SettingsChangedStreamEvent = z.infer<typeof SettingsChangedStreamEventSchema>;
export const SSE_SETTINGS_CHANGED = 'settings.changed';
