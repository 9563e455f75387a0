/**
 * Local storage that never throws: private browsing, a full quota or a disabled storage must not
 * break the app, so reads fall back to null and writes are best effort. Stores of a value with a
 * format are lib/persisted-store's.
 */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

function browserStore(): KeyValueStore | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null;
  }
}

export function readString(key: string, store: KeyValueStore | null = browserStore()): string | null {
  try {
    return store?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeString(key: string, value: string, store: KeyValueStore | null = browserStore()): void {
  try {
    store?.setItem(key, value);
  } catch {
    // Quota or disabled storage: the value lives for this page only.
  }
}

export function removeKey(key: string, store: KeyValueStore | null = browserStore()): void {
  try {
    store?.removeItem(key);
  } catch {
    // ignored, see writeString
  }
}

/** An in-memory store with the same interface, for unit tests. */
export function memoryStore(
  initial: Record<string, string> = {},
): KeyValueStore & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}
