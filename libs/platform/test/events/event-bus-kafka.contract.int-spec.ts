import { Kafka, logLevel } from 'kafkajs';
import { createEnvelope, KafkaEventBus, type KafkaBusOptions } from '@pt/platform';
import { describeAdapter, kafkaAvailability } from '@pt/testing';
import { eventBusContract } from './event-bus.contract';
import { uniqueName, waitFor } from './helpers';

// Runs wherever KAFKA_BROKERS names a cluster. CI (.ci/run) points it at librdkafka's mock
// cluster (scripts/kafka-mock) and sets KAFKA_CLUSTER=librdkafka-mock, which names what that
// cluster cannot do; against a real cluster every case runs.
// A case waits up to timeoutMs (60 s) for deliveries; jest allows more, so a rebalance that drags
// on a loaded machine fails with the step that waited rather than jest's bare timeout.
jest.setTimeout(120_000);

const onLibrdkafkaMock = process.env.KAFKA_CLUSTER === 'librdkafka-mock';
const brokers = (process.env.KAFKA_BROKERS ?? '').split(',');

const options: KafkaBusOptions = {
  brokers,
  clientId: 'contract-test',
  partitions: 4,
  // A rebalance waits up to about a session for members to rejoin (librdkafka's mock: the session
  // less 1 s): 6 s, Kafka's minimum (group.min.session.timeout.ms), keeps each join to seconds.
  // Short fetch waits let close() return promptly.
  sessionTimeoutMs: 6_000,
  heartbeatIntervalMs: 500,
  maxWaitTimeMs: 200,
};

eventBusContract({
  adapter: 'kafka',
  availability: kafkaAvailability(),
  create: () => new KafkaEventBus(options),
  timeoutMs: 60_000,
  countsDeliveries: false,
  cannotRun: {
    'dead-letters a message whose consumers keep dying on it':
      'Kafka keeps no delivery count, so after a crash the attempt count starts again at 1 and a message that kills every consumer is never dead-lettered',
  },
});

const MOCK_NAMES_UNLISTED_CONTROLLER =
  "librdkafka 2.0.2's mock cluster answers Metadata with controller 0 while its brokers are 1..n, so kafkajs cannot reach a controller to ask for a producer id or to create topics";

// What the adapter does on the cluster it is given: the Kafka-only half of the contract.
describeAdapter('event-bus', 'kafka (cluster)', kafkaAvailability(), () => {
  const controllerListed = async (): Promise<boolean> => {
    const admin = new Kafka({ brokers, logLevel: logLevel.NOTHING }).admin();
    await admin.connect();
    try {
      const cluster = await admin.describeCluster();
      return cluster.brokers.some((b) => b.nodeId === cluster.controller);
    } finally {
      await admin.disconnect();
    }
  };

  it('publishes and creates topics; steps down from idempotence only when the controller is unlisted', async () => {
    const bus = new KafkaEventBus(options);
    try {
      const topic = uniqueName('contract-fallback');
      await bus.publish(topic, createEnvelope('test.event', 'key-1', { n: 1 }));
      expect(bus.producerFallback).toBe((await controllerListed()) ? undefined : 'controller-unlisted');
    } finally {
      await bus.close();
    }
  });

  (onLibrdkafkaMock ? it.skip : it)(
    `produces idempotently${onLibrdkafkaMock ? ` — cannot run on the librdkafka mock: ${MOCK_NAMES_UNLISTED_CONTROLLER}` : ''}`,
    async () => {
      const bus = new KafkaEventBus(options);
      try {
        await bus.publish(uniqueName('contract-idempotent'), createEnvelope('test.event', 'key-1', {}));
        expect(bus.producerFallback).toBeUndefined();
      } finally {
        await bus.close();
      }
    },
  );

  (onLibrdkafkaMock ? it.skip : it)(
    `creates topics with the configured partition count${onLibrdkafkaMock ? ` — cannot run on the librdkafka mock: ${MOCK_NAMES_UNLISTED_CONTROLLER}; auto-created topics get the brokers' default (4)` : ''}`,
    async () => {
      const bus = new KafkaEventBus({ ...options, partitions: 3 });
      const admin = new Kafka({ brokers, logLevel: logLevel.NOTHING }).admin();
      try {
        const topic = uniqueName('contract-partitions');
        await bus.publish(topic, createEnvelope('test.event', 'key-1', {}));
        await admin.connect();
        const { topics } = await admin.fetchTopicMetadata({ topics: [topic] });
        expect(topics[0].partitions).toHaveLength(3);
      } finally {
        await Promise.allSettled([bus.close(), admin.disconnect()]);
      }
    },
  );

  it('keeps deployments with different topic prefixes apart on one cluster (KAFKA_TOPIC_PREFIX)', async () => {
    const run = uniqueName('prefix');
    const [here, there] = [`${run}.here.`, `${run}.there.`].map(
      (topicPrefix) => new KafkaEventBus({ ...options, topicPrefix }),
    );
    const admin = new Kafka({ brokers, logLevel: logLevel.NOTHING }).admin();
    try {
      const seen: string[] = [];
      await here.subscribe('price.changed', 'notifier', async (e) => {
        seen.push(e.id);
      });
      const theirs = createEnvelope('test.event', 'key-1', { from: 'there' });
      const ours = createEnvelope('test.event', 'key-1', { from: 'here' });
      await there.publish('price.changed', theirs);
      await here.publish('price.changed', ours);
      await waitFor(() => seen.includes(ours.id), 'the event of its own deployment', 60_000);
      expect(seen).toEqual([ours.id]);
      // In Kafka, both the topic and the consumer group carry the prefix.
      await admin.connect();
      const topics = await admin.listTopics();
      expect(topics.filter((t) => t.startsWith(run)).sort()).toEqual(
        [`${run}.here.price.changed`, `${run}.here.price.changed.dlq`, `${run}.there.price.changed`].sort(),
      );
      // The group's committed offset (librdkafka's mock has no ListGroups to list it by name).
      await waitFor(
        async () => {
          const [offsets] = await admin.fetchOffsets({
            groupId: `${run}.here.notifier.price.changed`,
            topics: [`${run}.here.price.changed`],
          });
          return offsets.partitions.some((p) => Number(p.offset) >= 1);
        },
        'the prefixed group to commit its offset',
        30_000,
      );
    } finally {
      await Promise.allSettled([here.close(), there.close(), admin.disconnect()]);
    }
  });
});
