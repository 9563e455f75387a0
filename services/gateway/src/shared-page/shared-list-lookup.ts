import { SharedWishlistSchema, type SharedWishlist } from '@pt/contracts';
import { internalCallHeaders } from '@pt/platform';

/** A shared list by its token: the list, `undefined` when no list is shared under it; throws when unknown. */
export type SharedListLookup = (token: string) => Promise<SharedWishlist | undefined>;

/** How long a page waits for the list before serving the shell without its tags. */
const LOOKUP_TIMEOUT_MS = 3_000;

/**
 * Reads a shared list from the wishlist service's public route at `baseUrl()` (the service's URL,
 * or in the embedded host the gateway itself). Signed as the gateway, so the call is not counted
 * against the loopback address every embedded call shares; the page request itself was counted.
 */
export function sharedListLookup(baseUrl: () => string): SharedListLookup {
  return async (token) => {
    const res = await fetch(`${baseUrl()}/api/v1/shared-wishlists/${encodeURIComponent(token)}`, {
      headers: { accept: 'application/json', ...internalCallHeaders('gateway') },
      signal: AbortSignal.timeout(LOOKUP_TIMEOUT_MS),
    });
    if (res.status === 404) return undefined;
    if (!res.ok) throw new Error(`shared list lookup answered ${res.status}`);
    return SharedWishlistSchema.parse(await res.json());
  };
}
