import { useQuery, useQueryClient } from '@tanstack/react-query';
import { initialWishlistState, type WishlistState } from '@pt/domain';
import { useMemo } from 'react';
import { useAuth } from '../../auth/hooks/auth-context';
import { useChosenServerWishlist } from '../utils/active-wishlist';
import { serverState, wishlistApi } from '../api/server-wishlists';
import {
  localWishlistActions,
  serverWishlistActions,
  wishlistKeys,
  type WishlistActions,
} from '../api/wishlist-actions';
import { useWishlists } from '../utils/wishlist-store';
import { failureMessage } from '../utils/wishlist-results';

export interface WishlistStore extends WishlistActions {
  mode: 'local' | 'server';
  status: 'loading' | 'ready' | 'error';
  state: WishlistState;
  /** §8 'Failed to load wishlist data' when the signed-in lists could not be read. */
  error: string | null;
  retry(): void;
}

const EMPTY: WishlistState = { wishlists: [], activeWishlistId: null };

export function useWishlistStore(): WishlistStore {
  const auth = useAuth();
  const userId = auth.authenticated ? (auth.user?.id ?? null) : null;
  const localState = useWishlists();
  const chosen = useChosenServerWishlist(userId);
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: wishlistKeys.of(userId ?? ''),
    queryFn: () => wishlistApi().list(),
    enabled: userId !== null,
  });
  const actions = useMemo(
    () => (userId === null ? localWishlistActions : serverWishlistActions(userId, queryClient)),
    [userId, queryClient],
  );
  const state = useMemo(() => (query.data ? serverState(query.data, chosen) : EMPTY), [query.data, chosen]);
  if (auth.status === 'loading')
    return {
      ...actions,
      mode: 'local',
      status: 'loading',
      state: initialWishlistState(0),
      error: null,
      retry: () => {},
    };
  if (userId === null)
    return { ...actions, mode: 'local', status: 'ready', state: localState, error: null, retry: () => {} };
  return {
    ...actions,
    mode: 'server',
    status: query.data ? 'ready' : query.isError ? 'error' : 'loading',
    state,
    error: query.isError ? failureMessage('load', query.error) : null,
    retry: () => void query.refetch(),
  };
}
