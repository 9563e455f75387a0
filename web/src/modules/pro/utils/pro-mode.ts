import { PRO_TRANSITION_MS, proModeNavigation, type ProModeAction } from '@pt/domain';
import { flagCodec, persistedStore } from '../../../lib/persisted-store';
import type { KeyValueStore } from '../../../lib/storage';
import { LOCAL_KEYS } from '../../../lib/storage-keys';

export { PRO_TRANSITION_MS };

const proMode = (storage?: KeyValueStore | null) =>
  persistedStore({ key: LOCAL_KEYS.proMode, codec: flagCodec, fallback: () => false, storage });

export const readProMode = (store?: KeyValueStore | null): boolean => proMode(store).readStored();

export const writeProMode = (isPro: boolean, store?: KeyValueStore | null): void => proMode(store).set(isPro);

/**
 * §2, §4: applies a Pro Mode action: the new state is persisted, and the caller navigates to
 * `navigateTo` (null: stay) and raises the 300 ms transition flag.
 */
export function applyProAction(
  isPro: boolean,
  action: ProModeAction,
  store?: KeyValueStore | null,
): { isPro: boolean; navigateTo: string | null } {
  const result = proModeNavigation(isPro, action);
  writeProMode(result.isPro, store);
  return result;
}

/** The product id of a product route, normal or Pro, for the header switch's "for a product" rules. */
export function productIdFromPath(pathname: string): string | undefined {
  const match = /^(?:\/pro)?\/product\/([^/]+)\/?$/.exec(pathname);
  if (!match?.[1]) return undefined;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return match[1];
  }
}
