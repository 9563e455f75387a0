import { useSyncExternalStore } from 'react';
import { jsonCodec, persistedStore } from '../../../lib/persisted-store';
import { LOCAL_KEYS } from '../../../lib/storage-keys';

/**
 * Which server list a signed-in user has active in this browser (§4: one list is active at a time;
 * the service keeps the lists, not the choice). Kept per user so another account on the same
 * browser does not inherit it.
 */
type Choices = Record<string, string>;
const choices = persistedStore<Choices>({
  key: LOCAL_KEYS.activeWishlist,
  codec: jsonCodec((v) => (typeof v === 'object' && v !== null ? (v as Choices) : undefined)),
  fallback: () => ({}),
});

export function chooseServerWishlist(userId: string, wishlistId: string): void {
  choices.set({ ...choices.get(), [userId]: wishlistId });
}

export function chosenServerWishlist(userId: string | null): string | null {
  return userId === null ? null : (choices.get()[userId] ?? null);
}

export function useChosenServerWishlist(userId: string | null): string | null {
  return useSyncExternalStore(
    choices.subscribe,
    () => chosenServerWishlist(userId),
    () => chosenServerWishlist(userId),
  );
}
