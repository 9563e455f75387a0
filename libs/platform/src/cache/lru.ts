/**
 * A bounded map that forgets the least recently used entry first, and any entry older than
 * `maxAgeMs`. A Map keeps insertion order, so re-inserting on each hit makes its first key the
 * least recently used one: get, set and delete are O(1).
 */
export class Lru<K, V> {
  private readonly entries = new Map<K, { value: V; storedAt: number }>();

  constructor(
    private readonly maxEntries: number,
    private readonly maxAgeMs: number,
    private readonly now: () => number = Date.now,
    /** Told about every entry that leaves (evicted, expired or deleted), to keep indexes in step. */
    private readonly onRemove: (key: K, value: V) => void = () => undefined,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (this.now() - entry.storedAt >= this.maxAgeMs) {
      this.onRemove(key, entry.value);
      return undefined;
    }
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: K, value: V): void {
    this.delete(key);
    this.entries.set(key, { value, storedAt: this.now() });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value as K;
      this.delete(oldest);
    }
  }

  delete(key: K): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.onRemove(key, entry.value);
  }

  clear(): void {
    for (const key of [...this.entries.keys()]) this.delete(key);
  }
}
