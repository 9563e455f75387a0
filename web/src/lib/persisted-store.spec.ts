import { flagCodec, jsonCodec, persistedStore, wordCodec, type Codec } from './persisted-store';
import { memoryStore } from './storage';

const textCodec: Codec<string> = { decode: (raw) => raw, encode: (value) => value };
const stringList = jsonCodec((v) =>
  Array.isArray(v) && v.every((s) => typeof s === 'string') ? v : undefined,
);

describe('persisted store', () => {
  it('writes the bytes the stores always wrote, so existing users data reads back', () => {
    const storage = memoryStore();
    persistedStore({ key: 'list', codec: stringList, fallback: () => [], storage }).set(['a', 'b']);
    persistedStore({ key: 'flag', codec: flagCodec, fallback: () => false, storage }).set(true);
    persistedStore({ key: 'word', codec: wordCodec(['light', 'dark']), fallback: () => 'dark', storage }).set(
      'light',
    );
    expect(Object.fromEntries(storage.data)).toEqual({ list: '["a","b"]', flag: 'true', word: 'light' });
  });

  it('reads a missing, unparsable or invalid entry as the fallback', () => {
    const storage = memoryStore({ bad: '{oops', wrong: '{"a":1}', mixed: '["a",2]', word: 'blue' });
    for (const key of ['missing', 'bad', 'wrong', 'mixed'])
      expect(persistedStore({ key, codec: stringList, fallback: () => ['none'], storage }).get()).toEqual([
        'none',
      ]);
    expect(
      persistedStore({
        key: 'word',
        codec: wordCodec(['light', 'dark']),
        fallback: () => null,
        storage,
      }).get(),
    ).toBeNull();
    expect(persistedStore({ key: 'flag', codec: flagCodec, fallback: () => false, storage }).get()).toBe(
      false,
    );
  });

  it('keeps one copy in memory, re-reads storage on demand, and forgets the entry on clear', () => {
    const storage = memoryStore({ name: 'first' });
    const store = persistedStore({ key: 'name', codec: textCodec, fallback: () => null, storage });
    expect(store.get()).toBe('first');
    storage.setItem('name', 'from another tab');
    expect(store.get()).toBe('first');
    expect(store.readStored()).toBe('from another tab');
    store.clear();
    expect(storage.data.has('name')).toBe(false);
    expect(store.get()).toBeNull();
  });

  it('tells its subscribers of each write and clear', () => {
    const store = persistedStore({ key: 'n', codec: textCodec, fallback: () => '', storage: memoryStore() });
    const seen: string[] = [];
    const stop = store.subscribe(() => seen.push(store.get()));
    store.set('one');
    store.clear();
    stop();
    store.set('two');
    expect(seen).toEqual(['one', '']);
  });

  it('never throws when storage does', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    const store = persistedStore({ key: 'k', codec: flagCodec, fallback: () => false, storage: broken });
    expect(store.get()).toBe(false);
    store.set(true);
    expect(store.get()).toBe(true);
    store.clear();
  });

  it('keeps a write that storage refuses (quota) for this page, and the stored entry as it was', () => {
    const storage = memoryStore({ list: '["kept"]' });
    const full = {
      ...storage,
      getItem: (k: string) => storage.getItem(k),
      removeItem: (k: string) => storage.removeItem(k),
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    };
    const store = persistedStore({ key: 'list', codec: stringList, fallback: () => [], storage: full });
    store.set(['new']);
    expect(store.get()).toEqual(['new']);
    expect(store.readStored()).toEqual(['kept']);
  });

  describe("with crossTab, another tab's write", () => {
    const target = new EventTarget();
    const storageEvent = (key: string | null) => Object.assign(new Event('storage'), { key });
    beforeAll(() => {
      (globalThis as { window?: unknown }).window = target;
    });
    afterAll(() => {
      delete (globalThis as { window?: unknown }).window;
    });

    it('is read and told to the subscribers; another key is not, nor anything after unsubscribing', () => {
      const storage = memoryStore({ list: '["first"]' });
      const store = persistedStore({
        key: 'list',
        codec: stringList,
        fallback: () => [],
        crossTab: true,
        storage,
      });
      const seen: string[][] = [];
      const stop = store.subscribe(() => seen.push(store.get()));
      expect(store.get()).toEqual(['first']);
      storage.setItem('list', '["from the other tab"]');
      target.dispatchEvent(storageEvent('other-key'));
      expect(seen).toEqual([]);
      target.dispatchEvent(storageEvent('list'));
      storage.setItem('list', '{corrupt');
      target.dispatchEvent(storageEvent(null)); // the other tab cleared all storage
      stop();
      target.dispatchEvent(storageEvent('list'));
      expect(seen).toEqual([['from the other tab'], []]);
    });
  });
});
