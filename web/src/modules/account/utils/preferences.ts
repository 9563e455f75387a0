import type { PreferenceTheme } from '@pt/domain';
import { jsonCodec, persistedStore } from '../../../lib/persisted-store';
import { LOCAL_KEYS } from '../../../lib/storage-keys';

/**
 * The §3 user preferences record. Settings keeps it up to date (in this browser, and on the account
 * for signed-in users) so earlier copies stay readable; what acts on each field is elsewhere: the
 * theme provider, the region's currency, the alert-notifier's email switch.
 */
export interface Preferences {
  currency: string;
  theme: PreferenceTheme;
  notifications: boolean;
}

// Written for earlier copies of the app to read; this one takes each field from where it acts.
const localPreferences = persistedStore<Preferences, null>({
  key: LOCAL_KEYS.notificationSettings,
  codec: jsonCodec((v) => (typeof v === 'object' && v !== null ? (v as Preferences) : undefined)),
  fallback: () => null,
});

export const writeLocalPreferences = (p: Preferences): void => localPreferences.set(p);
