import type { Clock } from '@pt/platform';

/**
 * The clock a test moves by hand, given to a service through its CLOCK port (and to whatever else
 * reads the same time, such as the rate limiter). Starts at `start`; moves only on set/advance.
 */
export class FakeClock implements Clock {
  private ms: number;

  constructor(start: Date | number = Date.UTC(2026, 0, 15, 12)) {
    this.ms = new Date(start).getTime();
  }

  now(): Date {
    return new Date(this.ms);
  }

  set(at: Date | number): void {
    this.ms = new Date(at).getTime();
  }

  advance(ms: number): void {
    this.ms += ms;
  }
}
