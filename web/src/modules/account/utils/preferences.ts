import type { PreferenceTheme } from '@pt/domain';
import { writeJson } from '../../../lib/storage';
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

export const writeLocalPreferences = (p: Preferences): void => writeJson(LOCAL_KEYS.notificationSettings, p);
