import { DEFAULT_FAILURE_DELAY, failureDelayMs } from '../../src/config';

/** Per account, failures are slowed down by a growing delay, never refused. */
describe(failureDelayMs.name, () => {
  it('is free for the first failures, then doubles up to the ceiling', () => {
    const delays = Array.from({ length: 12 }, (_, i) => failureDelayMs(i + 1, DEFAULT_FAILURE_DELAY));
    expect(delays).toEqual([0, 0, 0, 0, 0, 500, 1000, 2000, 4000, 8000, 10_000, 10_000]);
    expect(failureDelayMs(1_000_000, DEFAULT_FAILURE_DELAY)).toBe(10_000);
  });
});
