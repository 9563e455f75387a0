import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useAuth } from '../../auth/hooks/auth-context';
import { reportResult } from '../../../ui/report-result';
import type { WishlistProduct } from '../utils/wishlist-store';

/**
 * "Add to wishlist" for a product card: the same action as `useWishlistStore().add` (local lists
 * when signed out, the active server list when signed in) and the same §8 toast, but the wishlist
 * code loads on the first click, not with every page that shows a card.
 */
export function useAddToWishlist(): (product: WishlistProduct, wishlistId?: string) => void {
  const auth = useAuth();
  const queryClient = useQueryClient();
  const userId = auth.authenticated ? (auth.user?.id ?? null) : null;
  return useCallback(
    (product, wishlistId) => {
      void import('../api/wishlist-actions')
        .then(({ localWishlistActions, serverWishlistActions }) =>
          (userId === null ? localWishlistActions : serverWishlistActions(userId, queryClient)).add(
            product,
            wishlistId,
          ),
        )
        .then(reportResult);
    },
    [userId, queryClient],
  );
}
