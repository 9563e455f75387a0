/** react-query key of a signed-in user's alerts (shared by the alerts and wishlist stores). */
export const alertKeys = { of: (userId: string) => ['alerts', userId] as const };
