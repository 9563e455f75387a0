import { removeKey, type KeyValueStore } from '../../../lib/storage';
import { LOCAL_KEYS } from '../../../lib/storage-keys';

/** Every key this app writes to local storage (§3), for data deletion. */
export function clearLocalData(store?: KeyValueStore | null): void {
  for (const key of Object.values(LOCAL_KEYS)) removeKey(key, store);
}
