/**
 * At most `max` takes in any window of `durationMs`. A sliding log rather than fixed buckets, so a
 * burst at the end of one window and the start of the next cannot double the rate.
 */
export class SlidingWindowLimiter {
  private readonly starts: number[] = [];

  constructor(
    readonly max: number,
    readonly durationMs: number,
  ) {
    if (!(max >= 1) || !(durationMs > 0)) throw new Error('limiter needs max >= 1 and durationMs > 0');
  }

  /** Takes a slot and returns 0, or returns how many ms until one frees up (taking nothing). */
  tryTake(now: number): number {
    while (this.starts.length > 0 && this.starts[0] <= now - this.durationMs) this.starts.shift();
    if (this.starts.length < this.max) {
      this.starts.push(now);
      return 0;
    }
    return this.starts[0] + this.durationMs - now;
  }
}
