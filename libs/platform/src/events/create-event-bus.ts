import type { EventBus } from './event-bus.port';
import type { EventsLogger } from './delivery';
import { KafkaEventBus } from './kafka-bus';
import { MemoryEventBus } from './memory-bus';
import { RedisStreamsEventBus } from './redis-streams-bus';

export interface EventBusConfig {
  /** memory (default), redis or kafka. */
  EVENT_BUS?: 'memory' | 'redis' | 'kafka';
  REDIS_URL?: string;
  /** Comma-separated string or the list the config schema already split. */
  KAFKA_BROKERS?: string | string[];
  /** Redis Streams: the age trim of every stream (RedisStreamsBusOptions.maxAgeMs). */
  EVENT_STREAM_MAX_AGE_MS?: number;
  /** Redis Streams: when a silent per-process group is removed (RedisStreamsBusOptions.groupIdleMs). */
  EVENT_GROUP_IDLE_MS?: number;
  /** Before every Kafka topic and consumer group name (several deployments on one cluster). */
  KAFKA_TOPIC_PREFIX?: string;
}

export interface CreateEventBusOptions {
  logger?: EventsLogger;
  /** Kafka client id (default price-tracker). */
  clientId?: string;
}

const KAFKA_MAX_WAIT_MS = 1000;

/** Picks the adapter from configuration alone (ARCHITECTURE §2). */
export async function createEventBus(
  config: EventBusConfig,
  options: CreateEventBusOptions = {},
): Promise<EventBus> {
  const kind = config.EVENT_BUS ?? 'memory';
  switch (kind) {
    case 'memory':
      return new MemoryEventBus({ logger: options.logger });
    case 'redis':
      if (!config.REDIS_URL) throw new Error('EVENT_BUS=redis needs REDIS_URL (e.g. redis://127.0.0.1:6379)');
      return new RedisStreamsEventBus({
        url: config.REDIS_URL,
        logger: options.logger,
        ...(config.EVENT_STREAM_MAX_AGE_MS !== undefined ? { maxAgeMs: config.EVENT_STREAM_MAX_AGE_MS } : {}),
        ...(config.EVENT_GROUP_IDLE_MS !== undefined ? { groupIdleMs: config.EVENT_GROUP_IDLE_MS } : {}),
      });
    case 'kafka': {
      const brokers = (
        Array.isArray(config.KAFKA_BROKERS) ? config.KAFKA_BROKERS : (config.KAFKA_BROKERS ?? '').split(',')
      )
        .map((b) => b.trim())
        .filter(Boolean);
      if (brokers.length === 0) throw new Error('EVENT_BUS=kafka needs KAFKA_BROKERS (e.g. localhost:9092)');
      return new KafkaEventBus({
        brokers,
        clientId: options.clientId,
        logger: options.logger,
        topicPrefix: config.KAFKA_TOPIC_PREFIX,
        // A consumer's stop waits for its running fetch: kafkajs' 5 s wait, once per stop stage of
        // a process, made a graceful stop of the distributed mode last ~20 s; 1 s costs an idle
        // consumer one fetch a second.
        maxWaitTimeMs: KAFKA_MAX_WAIT_MS,
      });
    }
    default:
      throw new Error(`EVENT_BUS must be memory, redis or kafka, not "${String(kind)}"`);
  }
}
