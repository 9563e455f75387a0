import { useCallback } from 'react';
import { jsonCodec, persistedStore, usePersisted } from '../../../lib/persisted-store';
import { LOCAL_KEYS } from '../../../lib/storage-keys';
import { pushHistory } from '../utils/search-url';

// One in-memory copy shared by every search box, kept in step with local storage (other tabs too).
const searchHistory = persistedStore<string[]>({
  key: LOCAL_KEYS.searchHistory,
  codec: jsonCodec((v) => (Array.isArray(v) && v.every((q) => typeof q === 'string') ? v : undefined)),
  fallback: () => [],
  crossTab: true,
});

/** The shopper's recent searches (local storage, newest first), with add and clear. */
export function useSearchHistory(): {
  history: readonly string[];
  remember(q: string): void;
  clear(): void;
} {
  const history = usePersisted(searchHistory);
  const remember = useCallback((q: string) => searchHistory.set(pushHistory(searchHistory.get(), q)), []);
  const clear = useCallback(() => searchHistory.clear(), []);
  return { history, remember, clear };
}
