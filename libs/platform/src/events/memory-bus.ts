import { randomUUID } from 'node:crypto';
import { deadLetterTopic, EventEnvelopeSchema, type EventEnvelope } from '@pt/contracts';
import type { CrashableSubscription, EventBus, EventHandler, SubscribeOptions } from './event-bus.port';
import {
  deadLetterEnvelope,
  deliver,
  resolvePolicy,
  Stopper,
  type DeliveryPolicy,
  type EventsLogger,
} from './delivery';

export interface MemoryEventBusOptions {
  /** Shared by buses that stand for several processes in one test; a broker of its own by default. */
  broker?: MemoryBroker;
  logger?: EventsLogger;
}

interface QueuedMessage {
  envelope: EventEnvelope;
  /** Handler calls so far, across consumers: a redelivery continues the count. */
  attempts: number;
}

/**
 * The in-process "broker": topics, their consumer groups and the messages each topic retains. Each
 * topic keeps its last `retainPerTopic` messages (default 1000) for groups that subscribe later: a
 * new group starts with what is retained, like a Redis group created at `0` or a Kafka group
 * reading from the beginning, so an outbox relay that runs before the consumers subscribe loses
 * nothing.
 */
export class MemoryBroker {
  private readonly topics = new Map<string, TopicState>();
  /** Each broker starts empty: its own epoch for the outbox replay (EventBus.epoch). */
  readonly epoch = randomUUID();

  constructor(private readonly retainPerTopic = 1000) {}

  /**
   * Messages not yet handled by the groups that have consumers: a host stopping gracefully waits
   * for 0, as nothing in this bus outlives the process.
   */
  pending(): number {
    let n = 0;
    for (const state of this.topics.values()) for (const group of state.groups.values()) n += group.pending();
    return n;
  }

  append(topic: string, envelopes: EventEnvelope | EventEnvelope[]): void {
    for (const envelope of Array.isArray(envelopes) ? envelopes : [envelopes]) {
      // Through JSON, as on a real broker: handlers get plain data and cannot share mutations.
      const wire = JSON.stringify(EventEnvelopeSchema.parse(envelope));
      const state = this.topic(topic);
      state.retained.push(wire);
      if (state.retained.length > this.retainPerTopic) state.retained.shift();
      for (const group of state.groups.values()) group.enqueue(JSON.parse(wire) as EventEnvelope);
    }
  }

  group(topic: string, group: string, logger?: EventsLogger): GroupState {
    const state = this.topic(topic);
    let groupState = state.groups.get(group);
    if (!groupState) {
      groupState = new GroupState(logger);
      state.groups.set(group, groupState);
      for (const wire of state.retained) groupState.enqueue(JSON.parse(wire) as EventEnvelope);
    }
    return groupState;
  }

  private topic(name: string): TopicState {
    let state = this.topics.get(name);
    if (!state) {
      state = { groups: new Map(), retained: [] };
      this.topics.set(name, state);
    }
    return state;
  }
}

/**
 * In-process bus for the embedded mode. Inside a group, each key has a lane: its messages are
 * handled one after another, and different keys' lanes run concurrently. A message leaves its lane
 * only when handled or dead-lettered; a consumer that stops first leaves it at the head of the lane
 * for the group's next consumer (at-least-once). Nothing survives the process: durability comes from
 * the outbox, which is relayed again after a restart.
 */
export class MemoryEventBus implements EventBus {
  readonly kind = 'memory' as const;
  readonly broker: MemoryBroker;
  private readonly subscriptions = new Set<MemorySubscription>();
  private closed = false;

  constructor(private readonly options: MemoryEventBusOptions = {}) {
    this.broker = options.broker ?? new MemoryBroker();
  }

  async publish(topic: string, envelopes: EventEnvelope | EventEnvelope[]): Promise<void> {
    if (this.closed) throw new Error('The event bus is closed');
    this.broker.append(topic, envelopes);
  }

  async subscribe(
    topic: string,
    group: string,
    handler: EventHandler,
    options?: SubscribeOptions,
  ): Promise<CrashableSubscription> {
    if (this.closed) throw new Error('The event bus is closed');
    const groupState = this.broker.group(topic, group, this.options.logger);
    const subscription = new MemorySubscription(
      this,
      topic,
      group,
      groupState,
      handler,
      resolvePolicy(options),
      this.options.logger,
    );
    this.subscriptions.add(subscription);
    groupState.attach(subscription);
    return subscription;
  }

  async ping(): Promise<void> {
    if (this.closed) throw new Error('The event bus is closed');
  }

  /** A new broker is an empty bus: a restarted host's relays republish their replay window into it. */
  async epoch(): Promise<string> {
    return this.broker.epoch;
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.subscriptions].map((subscription) => subscription.close()));
  }

  /** @internal */
  forget(subscription: MemorySubscription): void {
    this.subscriptions.delete(subscription);
  }
}

interface TopicState {
  groups: Map<string, GroupState>;
  retained: string[];
}

/** A consumer group's queue: per-key lanes, shared by the group's consumers in this process. */
class GroupState {
  constructor(private readonly logger?: EventsLogger) {}

  private readonly lanes = new Map<string, QueuedMessage[]>();
  private readonly running = new Set<string>();
  private consumers: MemorySubscription[] = [];
  private next = 0;

  /** Messages waiting or in hand in this group, counted only while it has a consumer to take them. */
  pending(): number {
    if (this.consumers.length === 0) return 0;
    let n = 0;
    for (const lane of this.lanes.values()) n += lane.length;
    return n;
  }

  enqueue(envelope: EventEnvelope): void {
    const lane = this.lanes.get(envelope.key);
    if (lane) lane.push({ envelope, attempts: 0 });
    else this.lanes.set(envelope.key, [{ envelope, attempts: 0 }]);
    this.kick(envelope.key);
  }

  attach(consumer: MemorySubscription): void {
    this.consumers.push(consumer);
    for (const key of this.lanes.keys()) this.kick(key);
  }

  detach(consumer: MemorySubscription): void {
    this.consumers = this.consumers.filter((c) => c !== consumer);
  }

  private kick(key: string): void {
    if (this.running.has(key) || this.consumers.length === 0) return;
    this.running.add(key);
    void this.runLane(key);
  }

  private async runLane(key: string): Promise<void> {
    try {
      const lane = this.lanes.get(key) ?? [];
      while (lane.length > 0) {
        // Round robin over the group's consumers; none left means the lane waits for a subscriber.
        if (this.consumers.length === 0) return;
        const consumer = this.consumers[this.next++ % this.consumers.length];
        if (await consumer.process(lane[0])) lane.shift();
      }
      this.lanes.delete(key);
    } catch (error) {
      // Only parking a dead letter can throw here; the message stays at the head of its lane and
      // the lane resumes with the next publish or subscribe.
      this.logger?.error({ key, err: error }, 'memory bus lane stopped');
    } finally {
      this.running.delete(key);
    }
  }
}

class MemorySubscription implements CrashableSubscription {
  private readonly stopper = new Stopper();
  private readonly inFlight = new Set<Promise<boolean>>();

  constructor(
    private readonly bus: MemoryEventBus,
    private readonly topic: string,
    private readonly group: string,
    private readonly state: GroupState,
    private readonly handler: EventHandler,
    private readonly policy: DeliveryPolicy,
    private readonly logger?: EventsLogger,
  ) {}

  /** True when the message is done with (handled or dead-lettered), false to hand it on. */
  process(message: QueuedMessage): Promise<boolean> {
    const run = this.run(message);
    this.inFlight.add(run);
    const settled = () => this.inFlight.delete(run);
    run.then(settled, settled);
    return run;
  }

  private async run(message: QueuedMessage): Promise<boolean> {
    if (this.stopper.stopping) return false;
    const { topic, group, handler, policy, stopper, logger } = this;
    const outcome = await deliver(message.envelope, {
      topic,
      group,
      handler,
      policy,
      stopper,
      logger,
      firstAttempt: message.attempts + 1,
    });
    message.attempts = outcome.attempts;
    switch (outcome.kind) {
      case 'handled':
        return true;
      case 'unacked':
        return false;
      case 'dead': {
        const { envelope } = message;
        logger?.error(
          { topic, group, eventId: envelope.id, attempts: outcome.attempts, error: outcome.error },
          'event dead-lettered',
        );
        const letter = { topic, group, error: outcome.error, attempts: outcome.attempts, envelope };
        this.bus.broker.append(
          deadLetterTopic(topic),
          deadLetterEnvelope(letter, envelope.key, envelope.traceparent),
        );
        return true;
      }
    }
  }

  async close(): Promise<void> {
    this.stopper.close();
    this.state.detach(this);
    this.bus.forget(this);
    await Promise.allSettled([...this.inFlight]);
  }

  async crash(): Promise<void> {
    this.stopper.crash();
    this.state.detach(this);
    this.bus.forget(this);
  }
}
