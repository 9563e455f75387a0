import { z } from 'zod';

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
const positiveInt = (fallback: number) =>
  z.preprocess(emptyToUndefined, z.coerce.number().int('must be a whole number').min(1).default(fallback));

/** The settings service's own variables. */
export const settingsEnvSchema = z.object({
  /** Raw api_request_logs rows older than this are deleted (daily_api_requests keeps the counts). */
  REQUEST_LOG_RETENTION_DAYS: positiveInt(30),
  /** How often today's and yesterday's daily_api_requests are recomputed. */
  REQUEST_LOG_ROLLUP_EVERY_MS: positiveInt(60_000),
  /** How often the retention job runs. */
  REQUEST_LOG_PRUNE_EVERY_MS: positiveInt(3_600_000),
  /** Client monitoring reports a client (signed-in user, else address) may send per minute. */
  MONITORING_EVENTS_PER_MINUTE: positiveInt(30),
  /** Stored monitoring reports: at most this many (the newest) ... */
  MONITORING_EVENTS_MAX: positiveInt(5000),
  /** ... and none older than this. */
  MONITORING_EVENTS_RETENTION_DAYS: positiveInt(7),
});
export type SettingsConfig = z.infer<typeof settingsEnvSchema>;
export const SETTINGS_CONFIG = Symbol('SettingsConfig');
