import Redis from 'ioredis';
import { MemoryBroker, MemoryEventBus, RedisStreamsEventBus } from '@pt/platform';
import { ALWAYS, redisAvailability } from '@pt/testing';
import { eventBusContract } from './event-bus.contract';
import { uniqueName } from './helpers';

// The Kafka adapter runs the same contract in event-bus-kafka.contract.int-spec.ts: its own file,
// so its slow group joins run beside the other integration files instead of after these cases.

const redisPrefix = uniqueName('pt-test-events');
// One broker: the buses of a test share it as processes share Redis or Kafka.
const memoryBroker = new MemoryBroker();

eventBusContract({
  adapter: 'memory',
  availability: ALWAYS,
  create: () => new MemoryEventBus({ broker: memoryBroker }),
  timeoutMs: 5_000,
  countsDeliveries: true,
});

eventBusContract({
  adapter: 'redis-streams',
  availability: redisAvailability(),
  // Short leases and blocks so a crashed consumer's partitions move within a second.
  create: () =>
    new RedisStreamsEventBus({
      url: process.env.REDIS_URL ?? '',
      prefix: redisPrefix,
      partitions: 4,
      leaseMs: 600,
      blockMs: 200,
    }),
  async cleanup() {
    const redis = new Redis(process.env.REDIS_URL ?? '');
    try {
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${redisPrefix}:*`, 'COUNT', 500);
        cursor = next;
        if (keys.length > 0) await redis.del(...keys);
      } while (cursor !== '0');
    } finally {
      await redis.quit();
    }
  },
  timeoutMs: 10_000,
  countsDeliveries: true,
});
