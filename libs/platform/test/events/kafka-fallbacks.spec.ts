import {
  KafkaJSBrokerNotFound,
  KafkaJSConnectionError,
  KafkaJSNumberOfRetriesExceeded,
  KafkaJSProtocolError,
  KafkaJSServerDoesNotSupportApiKey,
} from 'kafkajs';
import {
  controllerIsUnlisted,
  initProducerIdUnsupported,
  producerFallback,
  topicCreationFallback,
  topicsHaveLeaders,
  type ClusterView,
} from '../../src/events/kafka-fallbacks';

// The adapter steps down (plain producer, broker auto-creation) only on the failure that names
// the step; on a real cluster every other error must still reach the caller.
const brokers = [{ nodeId: 1 }, { nodeId: 2 }, { nodeId: 3 }];
/** What librdkafka's mock cluster answers: controller 0, brokers 1..3. */
const mockCluster: ClusterView = { brokers, controller: 0 };
const realCluster: ClusterView = { brokers, controller: 2 };
const electing: ClusterView = { brokers, controller: -1 };
// kafkajs' typings omit the message its errors' constructors take (and need).
type ErrorClass = new (message: string) => Error;
const controllerNotFound = () =>
  new (KafkaJSBrokerNotFound as unknown as ErrorClass)('Broker 0 not found in the cached metadata');
const protocolError = (message: string, type: string, code: number) =>
  Object.assign(new KafkaJSProtocolError(message), { type, code });

describe('controllerIsUnlisted', () => {
  it('holds when the broker-not-found error meets a controller id none of the brokers has', () => {
    expect(controllerIsUnlisted(controllerNotFound(), mockCluster)).toBe(true);
  });

  it('finds the error inside the retrier wrapper', () => {
    const wrapped = new KafkaJSNumberOfRetriesExceeded(controllerNotFound(), {
      retryCount: 5,
      retryTime: 100,
    });
    expect(controllerIsUnlisted(wrapped, mockCluster)).toBe(true);
  });

  it('does not hold when the controller is a listed broker (a real cluster)', () => {
    expect(controllerIsUnlisted(controllerNotFound(), realCluster)).toBe(false);
  });

  it('does not hold during a controller election (no controller yet is transient)', () => {
    expect(controllerIsUnlisted(controllerNotFound(), electing)).toBe(false);
    expect(controllerIsUnlisted(controllerNotFound(), { brokers, controller: null })).toBe(false);
  });

  it('does not hold for any other error, even on the quirky cluster', () => {
    expect(
      controllerIsUnlisted(new KafkaJSConnectionError('Connection error: ECONNREFUSED'), mockCluster),
    ).toBe(false);
    expect(controllerIsUnlisted(new Error('Broker 0 not found in the cached metadata'), mockCluster)).toBe(
      false,
    );
  });
});

describe('initProducerIdUnsupported', () => {
  it('holds when the broker does not support the InitProducerId API', () => {
    const error = new KafkaJSServerDoesNotSupportApiKey(
      'The Kafka server does not support the requested API version',
      {
        apiKey: 22,
        apiName: 'InitProducerId',
      },
    );
    expect(initProducerIdUnsupported(error)).toBe(true);
  });

  it('does not hold for another unsupported API or a protocol error of InitProducerId', () => {
    expect(
      initProducerIdUnsupported(
        new KafkaJSServerDoesNotSupportApiKey('unsupported', { apiKey: 19, apiName: 'CreateTopics' }),
      ),
    ).toBe(false);
    expect(
      initProducerIdUnsupported(protocolError('not authorized', 'CLUSTER_AUTHORIZATION_FAILED', 31)),
    ).toBe(false);
  });
});

describe('producerFallback', () => {
  it('falls back to a plain producer when the cluster names an unlisted controller', async () => {
    await expect(producerFallback(controllerNotFound(), async () => mockCluster)).resolves.toBe(
      'controller-unlisted',
    );
  });

  it('falls back when InitProducerId is unsupported, without asking the cluster', async () => {
    const describe = jest.fn(async () => realCluster);
    const error = new KafkaJSServerDoesNotSupportApiKey('unsupported', {
      apiKey: 22,
      apiName: 'InitProducerId',
    });
    await expect(producerFallback(error, describe)).resolves.toBe('init-producer-id-unsupported');
    expect(describe).not.toHaveBeenCalled();
  });

  it('keeps the idempotent producer (throws on) when the controller is listed', async () => {
    await expect(producerFallback(controllerNotFound(), async () => realCluster)).resolves.toBeUndefined();
  });

  it('keeps it on a connection error, without asking the cluster', async () => {
    const describe = jest.fn(async () => mockCluster);
    await expect(
      producerFallback(new KafkaJSConnectionError('ECONNREFUSED'), describe),
    ).resolves.toBeUndefined();
    expect(describe).not.toHaveBeenCalled();
  });

  it('keeps it when the cluster cannot be described to confirm the quirk', async () => {
    await expect(
      producerFallback(controllerNotFound(), async () => {
        throw new KafkaJSConnectionError('ECONNREFUSED');
      }),
    ).resolves.toBeUndefined();
  });
});

describe('topicCreationFallback', () => {
  it('leaves topics to auto-creation only on the unlisted-controller quirk', async () => {
    await expect(topicCreationFallback(controllerNotFound(), async () => mockCluster)).resolves.toBe(true);
    await expect(topicCreationFallback(controllerNotFound(), async () => realCluster)).resolves.toBe(false);
    await expect(topicCreationFallback(controllerNotFound(), async () => electing)).resolves.toBe(false);
  });

  it('never on a CreateTopics error answered by the controller', async () => {
    const error = protocolError('Topic authorization failed', 'TOPIC_AUTHORIZATION_FAILED', 29);
    await expect(topicCreationFallback(error, async () => mockCluster)).resolves.toBe(false);
  });
});

describe('topicsHaveLeaders', () => {
  const partition = (leader: number) => ({ leader });
  it('holds once every topic is listed with partitions that all have a leader', () => {
    const metadata = {
      topics: [
        { name: 't', partitions: [partition(1), partition(2)] },
        { name: 't.dlq', partitions: [partition(3)] },
      ],
    };
    expect(topicsHaveLeaders(['t', 't.dlq'], metadata)).toBe(true);
  });

  it('does not hold for a missing topic, no partitions, or a leaderless partition', () => {
    expect(topicsHaveLeaders(['t'], { topics: [] })).toBe(false);
    expect(topicsHaveLeaders(['t'], { topics: [{ name: 't', partitions: [] }] })).toBe(false);
    expect(
      topicsHaveLeaders(['t'], { topics: [{ name: 't', partitions: [partition(1), partition(-1)] }] }),
    ).toBe(false);
  });
});
