import type { UpdateNotificationPreferences } from '@pt/contracts';
import { apiRead } from '../../../lib/api';

/**
 * The alert-notifier's email switches: the signed-in user's §3 `notifications` preference (whether
 * price-drop emails go out at all), how they come (instant or one daily digest) and a mailed link's
 * one alert.
 */
export const emailAlertsApi = {
  preferences: () => apiRead('GET /api/v1/alerts/preferences', '/api/v1/alerts/preferences'),
  /** Changes only the fields given (the email switch, or the delivery: instant or a daily digest). */
  setPreferences: (body: UpdateNotificationPreferences) =>
    apiRead('PUT /api/v1/alerts/preferences', '/api/v1/alerts/preferences', { body: JSON.stringify(body) }),
  /** What the link turns off; changes nothing. */
  unsubscribePreview: (token: string) =>
    apiRead(
      'GET /api/v1/alerts/unsubscribe/preview',
      `/api/v1/alerts/unsubscribe/preview?token=${encodeURIComponent(token)}`,
    ),
  unsubscribe: (token: string) =>
    apiRead(
      'POST /api/v1/alerts/unsubscribe',
      `/api/v1/alerts/unsubscribe?token=${encodeURIComponent(token)}`,
    ),
};

export const emailAlertKeys = {
  preferences: (userId: string) => ['alerts', 'preferences', userId] as const,
  unsubscribe: (token: string) => ['alerts', 'unsubscribe', token] as const,
};
