import { useSyncExternalStore } from 'react';
import { readString, removeKey, writeString, type KeyValueStore } from './storage';

/**
 * How a value is kept as a string. `decode` answers undefined for a string that holds no valid
 * value (hand-edited, an older format, another app on the same origin), and the store then falls
 * back instead of handing the screens a shape they would crash on.
 */
export interface Codec<T> {
  decode(raw: string): T | undefined;
  encode(value: T): string;
}

/**
 * JSON checked by `validate`. A zod schema fits as `(v) => schema.safeParse(v).data`; the stores
 * of the first screens use plain functions, as zod is kept out of their JavaScript.
 */
export function jsonCodec<T>(validate: (value: unknown) => T | undefined): Codec<T> {
  return {
    decode(raw) {
      try {
        return validate(JSON.parse(raw));
      } catch {
        return undefined;
      }
    },
    encode: (value) => JSON.stringify(value),
  };
}

/** 'true' or anything else: what `String(boolean)` wrote, read back the way it always was. */
export const flagCodec: Codec<boolean> = { decode: (raw) => raw === 'true', encode: String };

/** One of a few words, stored as is. */
export function wordCodec<T extends string>(words: readonly T[]): Codec<T> {
  return {
    decode: (raw) => ((words as readonly string[]).includes(raw) ? (raw as T) : undefined),
    encode: (value) => value,
  };
}

export interface PersistedStoreOptions<T, F> {
  key: string;
  codec: Codec<T>;
  /**
   * What a missing or invalid entry reads as (a function: some fallbacks carry the time); null, say,
   * for "nothing chosen yet", which is never written.
   */
  fallback: () => F;
  /** Follow writes of other tabs (the `storage` event), for a store a screen shows while it changes. */
  crossTab?: boolean;
  /** Browser local storage unless given (unit tests pass a memory store). */
  storage?: KeyValueStore | null;
}

export interface PersistedStore<T, F = T> {
  /** The value, read from storage once and then kept in memory (this page's writes go through set). */
  get(): T | F;
  /** What storage holds now, which another tab may have written since this page read it. */
  readStored(): T | F;
  set(value: T): void;
  /** Removes the entry; the next read is the fallback, or what another tab writes meanwhile. */
  clear(): void;
  subscribe(listener: () => void): () => void;
}

/**
 * A value in local storage under a fixed key and format: the keys and formats are users' data
 * (the wishlists of anonymous shoppers live nowhere else), so a store keeps them byte for byte.
 * Storage that is full, disabled or private never throws (lib/storage).
 */
export function persistedStore<T, F = T>(options: PersistedStoreOptions<T, F>): PersistedStore<T, F> {
  const { key, codec, fallback, crossTab, storage } = options;
  const listeners = new Set<() => void>();
  let cache: { value: T | F } | undefined;
  const changed = (next?: { value: T }) => {
    cache = next;
    for (const listener of listeners) listener();
  };
  const readStored = (): T | F => {
    const raw = readString(key, storage);
    const value = raw === null ? undefined : codec.decode(raw);
    return value === undefined ? fallback() : value;
  };
  return {
    get: () => (cache ??= { value: readStored() }).value,
    readStored,
    set(value) {
      writeString(key, codec.encode(value), storage);
      changed({ value });
    },
    clear() {
      removeKey(key, storage);
      changed();
    },
    subscribe(listener) {
      listeners.add(listener);
      const onStorage = (e: StorageEvent) => {
        if (e.key !== key && e.key !== null) return;
        cache = undefined;
        listener();
      };
      if (crossTab) window.addEventListener('storage', onStorage);
      return () => {
        listeners.delete(listener);
        if (crossTab) window.removeEventListener('storage', onStorage);
      };
    },
  };
}

/** A persisted store's value as React state: the component renders again on each change. */
export function usePersisted<T, F>(store: PersistedStore<T, F>): T | F {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
