import type { Observation } from './observation';
import type { BatchResult, RecordOutcome } from './recorder.service';

export interface BatcherOptions {
  /** Observations per transaction at most. */
  maxBatch?: number;
  /** Transactions in flight at once (each holds one database connection). */
  maxInFlight?: number;
}

interface Pending {
  observation: Observation;
  resolve(outcome: RecordOutcome): void;
  reject(error: unknown): void;
}

/**
 * Groups observations that arrive together into one recorder transaction. The bus hands a handler
 * one event at a time, but many listings' handlers run at once (one lane or partition each); a
 * transaction per event would spend its time on commits. Each submit() resolves with its own
 * outcome once the batch holding it committed, or rejects if that batch failed — the bus then
 * retries that event, so at-least-once delivery is unchanged.
 */
export class ObservationBatcher {
  private readonly maxBatch: number;
  private readonly maxInFlight: number;
  private queue: Pending[] = [];
  private inFlight = 0;
  private scheduled = false;

  constructor(
    private readonly record: (observations: Observation[]) => Promise<BatchResult>,
    options: BatcherOptions = {},
  ) {
    this.maxBatch = options.maxBatch ?? 500;
    this.maxInFlight = options.maxInFlight ?? 4;
  }

  submit(observation: Observation): Promise<RecordOutcome> {
    return new Promise((resolve, reject) => {
      this.queue.push({ observation, resolve, reject });
      this.schedule();
    });
  }

  /** Waits until nothing is queued or in flight. */
  async drain(): Promise<void> {
    while (this.queue.length > 0 || this.inFlight > 0) await new Promise((r) => setTimeout(r, 5));
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    // After the current macrotask: every handler started in this turn joins the batch.
    setImmediate(() => {
      this.scheduled = false;
      this.pump();
    });
  }

  private pump(): void {
    while (this.queue.length > 0 && this.inFlight < this.maxInFlight) {
      const batch = this.queue.splice(0, this.maxBatch);
      this.inFlight++;
      void this.run(batch).finally(() => {
        this.inFlight--;
        if (this.queue.length > 0) this.schedule();
      });
    }
  }

  private async run(batch: Pending[]): Promise<void> {
    try {
      const { outcomes } = await this.record(batch.map((p) => p.observation));
      batch.forEach((p, i) => p.resolve(outcomes[i]));
    } catch (error) {
      for (const p of batch) p.reject(error);
    }
  }
}
