/** What the demo servers read the time from; tests pass a manual clock and move it. */
export interface DemoClock {
  now(): number;
}

export interface ManualClock extends DemoClock {
  advance(ms: number): void;
  set(instant: Date | number): void;
}

export const systemClock: DemoClock = { now: () => Date.now() };

/** Starts at `start` (default 2025-01-01T00:00:00Z) and moves only when told. */
export function createManualClock(start: Date | number = Date.UTC(2025, 0, 1)): ManualClock {
  let current = typeof start === 'number' ? start : start.getTime();
  return {
    now: () => current,
    advance(ms) {
      current += ms;
    },
    set(instant) {
      current = typeof instant === 'number' ? instant : instant.getTime();
    },
  };
}
