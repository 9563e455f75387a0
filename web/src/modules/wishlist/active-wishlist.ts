import { useSyncExternalStore } from 'react';
import { readJson, writeJson } from '../../lib/storage';
import { LOCAL_KEYS } from '../../lib/storage-keys';

/**
 * Which server list a signed-in user has active in this browser (§4: one list is active at a time;
 * the service keeps the lists, not the choice). Kept per user so another account on the same
 * browser does not inherit it.
 */
type Choices = Record<string, string>;
const listeners = new Set<() => void>();
let cache: Choices | null = null;

function read(): Choices {
  if (cache === null) {
    const stored = readJson<unknown>(LOCAL_KEYS.activeWishlist);
    cache = typeof stored === 'object' && stored !== null ? (stored as Choices) : {};
  }
  return cache;
}

export function chooseServerWishlist(userId: string, wishlistId: string): void {
  cache = { ...read(), [userId]: wishlistId };
  writeJson(LOCAL_KEYS.activeWishlist, cache);
  for (const listener of listeners) listener();
}

export function chosenServerWishlist(userId: string | null): string | null {
  return userId === null ? null : (read()[userId] ?? null);
}

export function useChosenServerWishlist(userId: string | null): string | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => chosenServerWishlist(userId),
    () => chosenServerWishlist(userId),
  );
}
