import { WISHLIST_MESSAGES } from '@pt/domain';
import { ApiError } from '../../../lib/api';
import { apiErrorMessage, failureWithAdvice, isTemporaryApiFailure } from '../../../lib/api-error-message';

export type WishlistAction =
  'load' | 'add' | 'create' | 'rename' | 'delete' | 'move' | 'reorder' | 'note' | 'alert' | 'remove';

/** Refusals whose own words are what the user needs (the §8 wording where the spec has one). */
const REFUSALS: Record<string, string> = {
  already_in_wishlist: WISHLIST_MESSAGES.alreadyInWishlist,
  cannot_delete_default: WISHLIST_MESSAGES.cannotDeleteDefault,
  wishlist_full: WISHLIST_MESSAGES.wishlistFull,
  too_many_wishlists: WISHLIST_MESSAGES.tooManyWishlists,
};

/** The §8 "failed" message of each action when the server could not do it. */
const FAILURES: Record<WishlistAction, string> = {
  load: WISHLIST_MESSAGES.failedToLoad,
  add: WISHLIST_MESSAGES.failedToAdd,
  create: WISHLIST_MESSAGES.failedToCreate,
  rename: WISHLIST_MESSAGES.failedToUpdate,
  delete: WISHLIST_MESSAGES.failedToDelete,
  move: WISHLIST_MESSAGES.failedToUpdate,
  reorder: WISHLIST_MESSAGES.failedToUpdate,
  note: WISHLIST_MESSAGES.failedToUpdate,
  alert: WISHLIST_MESSAGES.failedToUpdate,
  remove: WISHLIST_MESSAGES.failedToUpdate,
};

/**
 * The message for a failed server action (§8): a known refusal in its own words; a failed add with
 * the reason ('Failed to add item to wishlist: {message}', or without one when there is none);
 * anything else is the action's 'Failed to …' message. A temporary failure (no answer, 429, 502–504)
 * adds when to try again, never the browser's raw 'Failed to fetch'. Names are checked before sending (the same
 * rule as the server's), so a refused name never reaches this.
 */
export function failureMessage(action: WishlistAction, error: unknown): string {
  if (isTemporaryApiFailure(error))
    return action === 'add'
      ? WISHLIST_MESSAGES.failedToAddWith(apiErrorMessage(error))
      : failureWithAdvice(FAILURES[action], error);
  if (error instanceof ApiError) {
    const refusal = REFUSALS[error.code];
    if (refusal) return refusal;
    if (action === 'add') return WISHLIST_MESSAGES.failedToAddWith(error.message);
    return FAILURES[action];
  }
  if (action === 'add' && error instanceof Error && error.message)
    return WISHLIST_MESSAGES.failedToAddWith(error.message);
  return FAILURES[action];
}
