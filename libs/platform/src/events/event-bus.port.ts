import type { EventEnvelope } from '@pt/contracts';

export interface HandlerContext {
  topic: string;
  group: string;
  /** 1 on first delivery, higher on retries and redeliveries. */
  attempt: number;
}

export type EventHandler = (envelope: EventEnvelope, ctx: HandlerContext) => Promise<void>;

export interface SubscribeOptions {
  /**
   * Deliveries before a message goes to `<topic>.dlq` with its error (default 10, about 51 s of
   * back-off in all). A handler that throws `PoisonMessageError` sends the message there at once.
   */
  maxAttempts?: number;
  /** Delay before a retry, doubled each attempt (default 100 ms). */
  retryBackoffMs?: number;
  /**
   * The group is this process's alone (a per-process cache's feed, named after the process). A bus
   * that keeps groups until someone deletes them (Redis Streams) removes it once no process has
   * read through it for a while (EVENT_GROUP_IDLE_MS): a dead process's group would otherwise stay,
   * one per restart, its lag growing. Shared groups are never removed: their events wait for them.
   */
  perProcess?: boolean;
}

export interface Subscription {
  /** Stops taking new messages and waits for in-flight handlers. */
  close(): Promise<void>;
}

/**
 * What every adapter's subscription also offers to the contract tests: stop as if the process had
 * died — in-flight messages are neither acknowledged nor released, so the broker must redeliver
 * them to another consumer of the group. Not for production code.
 */
export interface CrashableSubscription extends Subscription {
  crash(): Promise<void>;
}

/**
 * Publish/subscribe with consumer groups: every group gets every message at least once; inside a
 * group each message goes to one consumer; messages with the same key are handled in publish order.
 * Adapters: memory (embedded), Redis Streams (distributed on one machine), Kafka.
 */
export interface EventBus {
  readonly kind: 'memory' | 'redis' | 'kafka';
  publish(topic: string, envelopes: EventEnvelope | EventEnvelope[]): Promise<void>;
  subscribe(
    topic: string,
    group: string,
    handler: EventHandler,
    options?: SubscribeOptions,
  ): Promise<Subscription>;
  /** Throws when the broker does not answer or a consumer cannot read (health checks: /healthz, `dependency_up`). */
  ping(): Promise<void>;
  /**
   * Brokers that can lose their data (Redis without persistence; the in-process bus, which starts
   * empty with each process) expose an epoch that changes when that happened; outbox relays then
   * republish the rows of their replay window that went into an earlier epoch. Kafka's durable log
   * leaves it out.
   */
  epoch?(): Promise<string>;
  /**
   * Brokers that keep a consumer group until someone deletes it (Redis Streams) destroy the groups
   * of `topic` named `prefix…`, other than `except`, that have no live consumer. Kafka expires
   * empty groups by itself; the in-process bus keeps nothing.
   */
  forgetIdleGroups?(topic: string, prefix: string, except?: string): Promise<string[]>;
  close(): Promise<void>;
}

/** Thrown by a handler for a message that can never succeed (fails its schema): straight to the DLQ. */
export class PoisonMessageError extends Error {
  constructor(
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'PoisonMessageError';
  }
}
