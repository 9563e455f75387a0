/**
 * What a shopper's action answers (a wishlist change, an alert set), local or server: the §8
 * message to show. Shared by the features that report actions, so none imports another for it.
 */
export type ActionResult = { ok: true; message: string } | { ok: false; error: string };

export const succeeded = (message: string): ActionResult => ({ ok: true, message });
export const failed = (error: string): ActionResult => ({ ok: false, error });
