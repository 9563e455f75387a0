import type { Admin, Consumer, EachMessagePayload, ICustomPartitioner, Kafka, Producer } from 'kafkajs';
import { deadLetterTopic, EventEnvelopeSchema, type EventEnvelope } from '@pt/contracts';
import type { CrashableSubscription, EventBus, EventHandler, SubscribeOptions } from './event-bus.port';
import {
  deadLetterEnvelope,
  deliver,
  parseEnvelope,
  resolvePolicy,
  Stopper,
  type DeliveryPolicy,
  type EventsLogger,
} from './delivery';
import {
  producerFallback,
  topicCreationFallback,
  topicsHaveLeaders,
  type ProducerFallback,
} from './kafka-fallbacks';

export interface KafkaBusOptions {
  brokers: string[];
  clientId?: string;
  /** Partitions of topics this bus creates (default 8); existing topics keep theirs. */
  partitions?: number;
  replicationFactor?: number;
  /** Partitions one consumer handles at the same time (default 4); each stays sequential. */
  partitionsConsumedConcurrently?: number;
  /**
   * Consumer group session and heartbeat (kafkajs defaults 30 s / 3 s). A group rebalancing waits
   * for its members up to about a session, so tests on a small cluster shorten it.
   */
  sessionTimeoutMs?: number;
  heartbeatIntervalMs?: number;
  /** How long a fetch waits for new messages (kafkajs default 5 s); close() may wait as long. */
  maxWaitTimeMs?: number;
  /**
   * Put before every topic and consumer group name in Kafka (default none), so that deployments
   * or test runs sharing one cluster neither read each other's events nor join each other's groups.
   */
  topicPrefix?: string;
  logger?: EventsLogger;
}

/**
 * Kafka adapter (kafkajs). The envelope key is the message key, so Kafka's partitioner keeps a
 * key's events in one partition, which a group reads sequentially: per-key order. Retries happen
 * inside eachMessage, which holds the partition meanwhile; the offset is committed once the
 * handler succeeded or the message went to `<topic>.dlq`.
 *
 * The Kafka consumer group is `<group>.<topic>`, not `<group>`: kafkajs' assigner assumes every
 * member of a group subscribes to the same topics, and one service subscribes its group to
 * several topics through separate subscribe() calls. Persisted in Kafka (committed offsets):
 * never rename. With `topicPrefix` both the topic and the group carry it; handlers, dead letters
 * and logs see the topic without it.
 *
 * Kafka keeps no delivery count, so after a crash the attempt count starts again at 1.
 */
export class KafkaEventBus implements EventBus {
  readonly kind = 'kafka' as const;
  private readonly kafka: Kafka;
  private producer: Producer;
  /** Why the producer is not idempotent, when a fallback was taken. */
  private producerDowngrade?: ProducerFallback;
  private topicsAutoCreated = false;
  private readonly admin: Admin;
  private readonly partitioner: ICustomPartitioner;
  private readonly subscriptions = new Set<KafkaSubscription>();
  private readonly knownTopics = new Set<string>();
  private connecting?: Promise<void>;

  constructor(private readonly options: KafkaBusOptions) {
    const logger = options.logger;
    // Loaded here, not at import: every process imports this module through @pt/platform, and
    // kafkajs (~140 modules, ~13 MB) is dead weight on the Redis Streams bus.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { Kafka, logLevel, Partitioners } = require('kafkajs') as typeof import('kafkajs');
    this.kafka = new Kafka({
      clientId: options.clientId ?? 'price-tracker',
      brokers: options.brokers,
      logLevel: logLevel.WARN,
      logCreator:
        () =>
        ({ level, log }) => {
          if (!logger) return;
          const line = { namespace: log.namespace, ...log };
          if (level === logLevel.ERROR) logger.error(line, `kafkajs: ${log.message}`);
          else logger.warn(line, `kafkajs: ${log.message}`);
        },
    });
    this.partitioner = Partitioners.DefaultPartitioner;
    this.producer = this.createProducer(true);
    this.admin = this.kafka.admin();
  }

  // Idempotent with one request in flight: broker-side retries neither duplicate nor reorder.
  // Without idempotence the single request in flight still keeps order; a retry may duplicate.
  private createProducer(idempotent: boolean): Producer {
    return this.kafka.producer({
      idempotent,
      maxInFlightRequests: 1,
      createPartitioner: this.partitioner,
    });
  }

  /** Connects admin and producer once, on first use. */
  private ready(): Promise<void> {
    this.connecting ??= (async () => {
      // Admin first: the producer's fallback decision asks it for the cluster's metadata.
      await this.admin.connect();
      await this.connectProducer();
    })().catch((error: unknown) => {
      this.connecting = undefined;
      throw error;
    });
    return this.connecting;
  }

  private async connectProducer(): Promise<void> {
    try {
      await this.producer.connect();
      return;
    } catch (error) {
      const reason = await producerFallback(error, () => this.admin.describeCluster());
      if (!reason) throw error;
      await this.producer.disconnect().catch(() => undefined);
      this.options.logger?.warn(
        { reason, error: String(error) },
        'kafka: the cluster cannot give this producer an id, so it produces without idempotence ' +
          '(order still holds; a retried send may write a message twice, which consumers dedupe by event id)',
      );
      this.producerDowngrade = reason;
      this.producer = this.createProducer(false);
      await this.producer.connect();
    }
  }

  /** @internal Why the producer runs without idempotence, if it does (for tests and diagnostics). */
  get producerFallback(): ProducerFallback | undefined {
    return this.producerDowngrade;
  }

  /** @internal The name in Kafka of a topic of the application. */
  kafkaName(name: string): string {
    return `${this.options.topicPrefix ?? ''}${name}`;
  }

  /** @internal Takes the application's topic names. */
  async ensureTopics(names: string[]): Promise<void> {
    await this.ready();
    const topics = names.map((t) => this.kafkaName(t));
    const missing = topics.filter((t) => !this.knownTopics.has(t));
    if (missing.length === 0) return;
    try {
      // Answers false (no error) for topics that already exist.
      await this.admin.createTopics({
        waitForLeaders: true,
        topics: missing.map((topic) => ({
          topic,
          numPartitions: this.options.partitions ?? 8,
          replicationFactor: this.options.replicationFactor ?? -1,
        })),
      });
    } catch (error) {
      if (!(await topicCreationFallback(error, () => this.admin.describeCluster()))) throw error;
      await this.autoCreateTopics(missing, error);
    }
    for (const t of missing) this.knownTopics.add(t);
  }

  /**
   * CreateTopics goes to the controller; when the metadata names none of its brokers, a metadata
   * request for the topics lets the brokers create them (auto.create.topics.enable), with the
   * brokers' default partition count instead of `partitions`.
   */
  private async autoCreateTopics(topics: string[], cause: unknown): Promise<void> {
    if (!this.topicsAutoCreated) {
      this.topicsAutoCreated = true;
      this.options.logger?.warn(
        { topics, error: String(cause) },
        "kafka: CreateTopics cannot reach the cluster's controller; topics are left to the brokers' auto-creation",
      );
    }
    const deadline = Date.now() + 30_000;
    for (let pause = 50; ; pause = Math.min(pause * 2, 1_000)) {
      let metadata: Awaited<ReturnType<Admin['fetchTopicMetadata']>> | undefined;
      try {
        metadata = await this.admin.fetchTopicMetadata({ topics });
      } catch (error) {
        if (Date.now() > deadline) {
          throw new Error(
            `Kafka topics ${topics.join(', ')}: CreateTopics cannot reach the controller (${String(cause)}) ` +
              `and the brokers did not auto-create them (${String(error)})`,
          );
        }
      }
      if (metadata && topicsHaveLeaders(topics, metadata)) return;
      if (Date.now() > deadline)
        throw new Error(`Kafka topics ${topics.join(', ')} have no leaders after 30 s`);
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }

  async publish(topic: string, envelopes: EventEnvelope | EventEnvelope[]): Promise<void> {
    const list = (Array.isArray(envelopes) ? envelopes : [envelopes]).map((e) =>
      EventEnvelopeSchema.parse(e),
    );
    if (list.length === 0) return;
    await this.ensureTopics([topic]);
    await this.producer.send({
      topic: this.kafkaName(topic),
      acks: -1,
      messages: list.map((envelope) => ({
        key: envelope.key,
        value: JSON.stringify(envelope),
        headers: {
          'event-type': envelope.type,
          ...(envelope.traceparent ? { traceparent: envelope.traceparent } : {}),
        },
      })),
    });
  }

  async subscribe(
    topic: string,
    group: string,
    handler: EventHandler,
    options?: SubscribeOptions,
  ): Promise<CrashableSubscription> {
    await this.ensureTopics([topic, deadLetterTopic(topic)]);
    const { sessionTimeoutMs, heartbeatIntervalMs, maxWaitTimeMs } = this.options;
    const consumer = this.kafka.consumer({
      groupId: this.kafkaName(`${group}.${topic}`),
      ...(sessionTimeoutMs === undefined ? {} : { sessionTimeout: sessionTimeoutMs }),
      ...(heartbeatIntervalMs === undefined ? {} : { heartbeatInterval: heartbeatIntervalMs }),
      ...(maxWaitTimeMs === undefined ? {} : { maxWaitTimeInMs: maxWaitTimeMs }),
    });
    const subscription = new KafkaSubscription(
      this,
      consumer,
      topic,
      group,
      handler,
      resolvePolicy(options),
      this.options.logger,
    );
    this.subscriptions.add(subscription);
    try {
      await consumer.connect();
      // A new group starts at the oldest retained message, as with Redis: nothing relayed before
      // the consumer's first start is lost.
      await consumer.subscribe({ topics: [this.kafkaName(topic)], fromBeginning: true });
    } catch (error) {
      await subscription.close().catch(() => undefined);
      throw error;
    }
    // Not awaited: joining the group waits, after a member's kill -9, until the coordinator has
    // seen its session end (30 s), and a process must serve meanwhile (the bus is observed, not
    // critical, in readiness). Events wait in Kafka; a failed join crashes the consumer, which
    // start() restarts.
    void subscription
      .start(this.options.partitionsConsumedConcurrently ?? 4)
      .catch((error: unknown) =>
        this.options.logger?.error({ topic, group, error: String(error) }, 'kafka: consumer did not start'),
      );
    return subscription;
  }

  /** @internal */
  forget(subscription: KafkaSubscription): void {
    this.subscriptions.delete(subscription);
  }

  async ping(): Promise<void> {
    await this.ready();
    await this.admin.describeCluster();
  }

  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((s) => s.close()));
    if (this.connecting) {
      await Promise.allSettled([this.producer.disconnect(), this.admin.disconnect()]);
    }
  }
}

/** First pause before restarting a consumer kafkajs gave up on; doubles per crash, up to 30 s. */
const KAFKA_CONSUMER_RESTART_MS = 1_000;

class KafkaSubscription implements CrashableSubscription {
  private readonly stopper = new Stopper();
  private crashesInARow = 0;

  constructor(
    private readonly bus: KafkaEventBus,
    private readonly consumer: Consumer,
    private readonly topic: string,
    private readonly group: string,
    private readonly handler: EventHandler,
    private readonly policy: DeliveryPolicy,
    private readonly logger?: EventsLogger,
  ) {}

  /**
   * Runs the consumer, and runs it again whenever kafkajs stops it for good. kafkajs restarts a
   * consumer only after errors it deems retriable; any other error (say a coordinator answering a
   * late SyncGroup with INVALID_REQUEST, as librdkafka's mock does on a loaded machine) would
   * leave this subscription connected to nothing, silently, until the process restarts.
   */
  async start(concurrency: number): Promise<void> {
    const { consumer } = this;
    consumer.on(consumer.events.GROUP_JOIN, () => {
      this.crashesInARow = 0;
    });
    consumer.on(consumer.events.CRASH, ({ payload }) => {
      if (payload.restart || this.stopper.stopping) return;
      const pause = Math.min(KAFKA_CONSUMER_RESTART_MS * 2 ** this.crashesInARow++, 30_000);
      this.logger?.error(
        { topic: this.topic, group: this.group, error: String(payload.error), restartInMs: pause },
        'kafka: consumer stopped on an error kafkajs does not retry; restarting it',
      );
      void this.stopper.sleep(pause).then(async (slept) => {
        // A failed start crashes again through this handler, with a longer pause.
        if (!slept) return;
        await this.run(concurrency).catch((error: unknown) =>
          this.logger?.error(
            { topic: this.topic, group: this.group, error: String(error) },
            'kafka: consumer restart failed',
          ),
        );
      });
    });
    await this.run(concurrency);
  }

  private run(concurrency: number): Promise<void> {
    return this.consumer.run({
      partitionsConsumedConcurrently: concurrency,
      eachMessage: (payload) => this.eachMessage(payload),
    });
  }

  async eachMessage({ message, heartbeat }: EachMessagePayload): Promise<void> {
    const { topic, group, handler, policy, stopper, logger } = this;
    const parsed = parseEnvelope(message.value?.toString('utf8'));
    if (!parsed.ok) {
      await this.deadLetter({ error: parsed.error, attempts: 1, envelope: parsed.raw }, parsed.key);
      return;
    }
    const { envelope } = parsed;
    const outcome = await deliver(envelope, {
      topic,
      group,
      handler,
      policy,
      stopper,
      logger,
      firstAttempt: 1,
      // A long back-off must not look like a dead member to the group coordinator.
      beforeRetry: () => heartbeat(),
    });
    switch (outcome.kind) {
      case 'handled':
        return;
      case 'dead':
        logger?.error(
          { topic, group, eventId: envelope.id, attempts: outcome.attempts, error: outcome.error },
          'event dead-lettered',
        );
        await this.deadLetter(
          { error: outcome.error, attempts: outcome.attempts, envelope },
          envelope.key,
          envelope.traceparent,
        );
        return;
      case 'unacked':
        // Throwing keeps the offset uncommitted, so the partition's next owner reads it again.
        throw new Error(`consumer of ${topic} (${group}) stopped before handling ${envelope.id}`);
    }
  }

  private async deadLetter(
    letter: { error: string; attempts: number; envelope: unknown },
    key: string,
    traceparent?: string,
  ): Promise<void> {
    await this.bus.publish(
      deadLetterTopic(this.topic),
      deadLetterEnvelope({ topic: this.topic, group: this.group, ...letter }, key, traceparent),
    );
  }

  async close(): Promise<void> {
    this.stopper.close();
    // kafkajs waits for the running eachMessage calls and commits resolved offsets.
    await this.consumer.disconnect();
    this.bus.forget(this);
  }

  async crash(): Promise<void> {
    this.stopper.crash();
    await this.consumer.disconnect();
    this.bus.forget(this);
  }
}
