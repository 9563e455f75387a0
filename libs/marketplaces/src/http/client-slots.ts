/**
 * At most `perClient` calls in flight per client in this process: one client's
 * burst at concurrency 20 used to take every connection and the per-second credential limit, and
 * other shoppers' searches lost that marketplace. Extra calls wait their turn (first come, first
 * served) for up to `maxWaitMs`, then are refused.
 */
export class ClientSlots {
  private readonly inFlight = new Map<string, number>();
  private readonly waiting = new Map<string, Array<() => void>>();

  constructor(
    private readonly perClient: number,
    private readonly maxWaitMs: number,
  ) {}

  /** Resolves with a release function once the client has a slot; false when the wait ran out. */
  async acquire(client: string): Promise<(() => void) | false> {
    if ((this.inFlight.get(client) ?? 0) < this.perClient) {
      this.inFlight.set(client, (this.inFlight.get(client) ?? 0) + 1);
      return this.releaser(client);
    }
    const granted = await new Promise<boolean>((resolve) => {
      const queue = this.waiting.get(client) ?? [];
      const turn = () => {
        clearTimeout(timer);
        resolve(true);
      };
      const timer = setTimeout(() => {
        const left = (this.waiting.get(client) ?? []).filter((t) => t !== turn);
        if (left.length > 0) this.waiting.set(client, left);
        else this.waiting.delete(client);
        resolve(false);
      }, this.maxWaitMs);
      queue.push(turn);
      this.waiting.set(client, queue);
    });
    // A granted turn was handed the slot of the call that finished: the count did not change.
    return granted ? this.releaser(client) : false;
  }

  /** Calls of `client` in flight now (for tests and metrics). */
  busy(client: string): number {
    return this.inFlight.get(client) ?? 0;
  }

  private releaser(client: string): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const queue = this.waiting.get(client);
      const next = queue?.shift();
      if (queue?.length === 0) this.waiting.delete(client);
      if (next) return next();
      const left = (this.inFlight.get(client) ?? 1) - 1;
      if (left > 0) this.inFlight.set(client, left);
      else this.inFlight.delete(client);
    };
  }
}
