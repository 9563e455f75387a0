import { partitionOf } from '../../src/events/partition';

describe('partitionOf', () => {
  it('is stable: the same key always lands in the same partition', () => {
    // Pinned values: changing the hash would reorder keys in flight between releases.
    expect(['ebay:123', 'aliexpress:987', 'user-1', 'ü'].map((k) => partitionOf(k, 8))).toEqual([6, 1, 4, 2]);
    expect(partitionOf('ebay:123', 8)).toBe(partitionOf('ebay:123', 8));
  });

  it('spreads keys over every partition', () => {
    const counts = new Array<number>(8).fill(0);
    for (let i = 0; i < 8000; i++) counts[partitionOf(`product-${i}`, 8)]++;
    for (const count of counts) expect(count).toBeGreaterThan(700);
  });
});
