/**
 * react-query keys more than one feature reads or invalidates: a signed-in user's alerts (the
 * alerts store reads them; a wishlist item's alert flag and the sign-in import change them).
 */
export const alertKeys = { of: (userId: string) => ['alerts', userId] as const };
