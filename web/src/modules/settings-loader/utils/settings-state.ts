import { parseSystemSettings, settingsLoadErrorMessage, type SystemSettings } from '@pt/domain';

export type SettingsStatus = 'loading' | 'error' | 'loaded';

export interface SettingsState {
  status: SettingsStatus;
  settings: SystemSettings;
  /** §8: the error's message, or 'Failed to load settings'. */
  error: string | null;
}

/**
 * §4 settings loader: loading, error, loaded. On error the app runs on the defaults (maintenance
 * off, landing off, 100 results): a settings outage must not lock everybody out.
 */
export function settingsState(input: {
  pending: boolean;
  data: Readonly<Record<string, unknown>> | undefined;
  error: unknown;
}): SettingsState {
  const settings = parseSystemSettings(input.data ?? {});
  if (input.data) return { status: 'loaded', settings, error: null };
  if (input.pending) return { status: 'loading', settings, error: null };
  return { status: 'error', settings, error: settingsLoadErrorMessage(input.error) };
}
