import type { BudgetSplit } from './budget';

/**
 * How a credential's interactive budget is shared between the clients spending it. A
 * per-client request limit alone let 15 addresses drain eBay's burst for everyone; these
 * bound what each client, each neighbourhood and the anonymous crowd as a whole can spend.
 */
export const FAIR_SHARE = {
  /** A client's own bucket of upstream calls: this share of the interactive burst... */
  clientShareOfBurst: 0.1,
  /** ...but never fewer calls than this (a small quota still lets a shopper search a few times). */
  clientMinimum: 5,
  /** A client's bucket refills fully in this long: about six calls a minute on eBay's defaults. */
  clientRefillMs: 15 * 60 * 1000,
  /** A neighbourhood (/24, /48) spends at most this many clients' worth. */
  groupMultiple: 4,
  /**
   * Held back from everyone but signed-in users with tracked items: this share of the interactive
   * burst, of the day's interactive calls and of a per-second credential limit. When the rest is
   * spent, others get recent cached answers (labelled) instead of fresh ones.
   */
  reservedShare: 0.2,
  /** Upstream calls one client may have in flight per marketplace and process; more wait. */
  clientConcurrency: 2,
  /** Longest a call waits for one of its client's slots before it is refused. */
  slotWaitMs: 5_000,
} as const;

export interface FairShareLimits {
  /** A client's own token bucket of upstream calls. */
  client: { capacity: number; refillPerMs: number };
  /** A neighbourhood's bucket. */
  group: { capacity: number; refillPerMs: number };
  /** Tokens of the shared burst left for reserved spenders only. */
  reservedBurst: number;
  /** Calls of the day's interactive share left for reserved spenders only. */
  reservedDaily: number;
}

/** The limits for one credential's split (pure: the same on every process). */
export function fairShareLimits(split: BudgetSplit): FairShareLimits {
  const capacity = Math.max(
    FAIR_SHARE.clientMinimum,
    Math.round(split.burst * FAIR_SHARE.clientShareOfBurst),
  );
  const refillPerMs = capacity / FAIR_SHARE.clientRefillMs;
  return {
    client: { capacity, refillPerMs },
    group: {
      capacity: capacity * FAIR_SHARE.groupMultiple,
      refillPerMs: refillPerMs * FAIR_SHARE.groupMultiple,
    },
    reservedBurst: Math.floor(split.burst * FAIR_SHARE.reservedShare),
    reservedDaily: Math.floor(split.interactive * FAIR_SHARE.reservedShare),
  };
}

/** Of a per-second credential limit, the calls others must leave for reserved spenders. */
export function reservedPerWindow(limit: number): number {
  return limit < 2 ? 0 : Math.max(1, Math.floor(limit * FAIR_SHARE.reservedShare));
}
