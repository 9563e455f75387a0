import type { AlertFeedResponse } from '@pt/contracts';
import { apiFetch } from '../../../lib/api';

/**
 * The signed-in user's private Atom feed of fired alerts. The server keeps only a hash of the
 * token, so the URL comes back from `create` alone; `current` says whether a feed is on.
 */
export const alertFeedApi = {
  current: () => apiFetch<AlertFeedResponse>('/api/v1/alerts/feed'),
  /** Turns the feed on, or gives it a new URL: the old one stops working. */
  create: () => apiFetch<AlertFeedResponse>('/api/v1/alerts/feed', { method: 'POST' }),
  turnOff: () => apiFetch<void>('/api/v1/alerts/feed', { method: 'DELETE' }),
};

export const alertFeedKeys = { of: (userId: string) => ['alerts', 'feed', userId] as const };
