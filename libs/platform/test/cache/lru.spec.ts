import { Lru } from '../../src/cache';

describe(Lru.name, () => {
  let now = 0;
  const removed: string[] = [];
  const sut = () =>
    new Lru<string, number>(
      3,
      1000,
      () => now,
      (key) => removed.push(key),
    );

  beforeEach(() => {
    now = 0;
    removed.length = 0;
  });

  it('forgets the least recently used entry first', () => {
    const lru = sut();
    lru.set('a', 1);
    lru.set('b', 2);
    lru.set('c', 3);
    expect(lru.get('a')).toBe(1);
    lru.set('d', 4);
    expect(lru.get('b')).toBeUndefined();
    expect([lru.get('a'), lru.get('c'), lru.get('d')]).toEqual([1, 3, 4]);
    expect(removed).toEqual(['b']);
  });

  it('forgets an entry once it is max-age old', () => {
    const lru = sut();
    lru.set('a', 1);
    now = 999;
    expect(lru.get('a')).toBe(1);
    now = 1000;
    expect(lru.get('a')).toBeUndefined();
    expect(lru.size).toBe(0);
    expect(removed).toEqual(['a']);
  });

  it('tells about deleted and replaced entries', () => {
    const lru = sut();
    lru.set('a', 1);
    lru.set('a', 2);
    lru.delete('a');
    lru.delete('missing');
    expect(removed).toEqual(['a', 'a']);
    expect(lru.get('a')).toBeUndefined();
  });
});
