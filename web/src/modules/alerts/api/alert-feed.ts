import { apiFetch, apiRead } from '../../../lib/api';

/**
 * The signed-in user's private Atom feed of fired alerts. The server keeps only a hash of the
 * token, so the URL comes back from `create` alone; `current` says whether a feed is on.
 */
export const alertFeedApi = {
  current: () => apiRead('GET /api/v1/alerts/feed', '/api/v1/alerts/feed'),
  /** Turns the feed on, or gives it a new URL: the old one stops working. */
  create: () => apiRead('POST /api/v1/alerts/feed', '/api/v1/alerts/feed'),
  turnOff: async () => void (await apiFetch('/api/v1/alerts/feed', { method: 'DELETE' })),
};

export const alertFeedKeys = { of: (userId: string) => ['alerts', 'feed', userId] as const };
