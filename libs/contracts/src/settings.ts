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
  description: z.string().optional(),
});
export type UpsertSettingBody = z.infer<typeof UpsertSettingBodySchema>;

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
