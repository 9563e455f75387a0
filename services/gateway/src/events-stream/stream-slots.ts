/** Why a stream was refused: the client holds its share, or the process holds all it will. */
export type SlotRefusal = 'client' | 'process';

export interface StreamSlotLimits {
  perClient: number;
  total: number;
}

/**
 * Counts the open event streams of one gateway process, per client and overall:
 * a stream is a socket and a listener held for as long as the client likes, so without a cap one
 * address could hold thousands. `acquire` hands out a release function (idempotent: `close` and
 * `finish` may both fire) or says which cap was reached.
 */
export class StreamSlots {
  private readonly byClient = new Map<string, number>();
  private open = 0;

  constructor(private readonly limits: StreamSlotLimits) {}

  acquire(client: string): { release: () => void } | { refused: SlotRefusal } {
    const held = this.byClient.get(client) ?? 0;
    if (held >= this.limits.perClient) return { refused: 'client' };
    if (this.open >= this.limits.total) return { refused: 'process' };
    this.byClient.set(client, held + 1);
    this.open += 1;
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.open -= 1;
        const left = (this.byClient.get(client) ?? 1) - 1;
        if (left > 0) this.byClient.set(client, left);
        else this.byClient.delete(client);
      },
    };
  }

  /** Streams open now (all clients), for metrics and tests. */
  get size(): number {
    return this.open;
  }

  /** Streams `client` holds now. */
  heldBy(client: string): number {
    return this.byClient.get(client) ?? 0;
  }
}
