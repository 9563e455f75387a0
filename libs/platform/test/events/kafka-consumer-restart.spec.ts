import { EventEmitter } from 'node:events';
import { KafkaEventBus } from '../../src/events/kafka-bus';

// kafkajs restarts a crashed consumer only after errors it deems retriable. On any other (seen:
// librdkafka's mock answering a late SyncGroup with INVALID_REQUEST on a loaded machine) it stops
// the consumer for good while subscribe() has long returned, so the adapter must run it again.
class MockConsumer extends EventEmitter {
  readonly events = { CRASH: 'consumer.crash', GROUP_JOIN: 'consumer.group_join' };
  runs = 0;
  async connect(): Promise<void> {}
  async subscribe(): Promise<void> {}
  async run(): Promise<void> {
    this.runs++;
  }
  async disconnect(): Promise<void> {}
  crash(restart: boolean): void {
    this.emit(this.events.CRASH, { payload: { error: new Error('INVALID_REQUEST'), restart } });
  }
}
const mockConsumers: MockConsumer[] = [];

jest.mock('kafkajs', () => ({
  ...jest.requireActual('kafkajs'),
  Kafka: class {
    producer = () => ({ connect: async () => undefined, disconnect: async () => undefined });
    admin = () => ({
      connect: async () => undefined,
      disconnect: async () => undefined,
      createTopics: async () => true,
    });
    consumer = () => {
      const consumer = new MockConsumer();
      mockConsumers.push(consumer);
      return consumer;
    };
  },
}));

describe('KafkaEventBus consumer restarts', () => {
  const logger = { info: jest.fn(), warn: jest.fn(), error: jest.fn() };
  let bus: KafkaEventBus;
  let consumer: MockConsumer;

  beforeEach(async () => {
    jest.useFakeTimers();
    mockConsumers.length = 0;
    bus = new KafkaEventBus({ brokers: ['unused:9092'], logger });
    await bus.subscribe('topic', 'group', async () => undefined);
    [consumer] = mockConsumers;
    expect(consumer.runs).toBe(1);
  });

  afterEach(async () => {
    await bus.close();
    jest.useRealTimers();
  });

  it('runs a consumer again after kafkajs stopped it on an error it does not retry, backing off', async () => {
    consumer.crash(false);
    await jest.advanceTimersByTimeAsync(999);
    expect(consumer.runs).toBe(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(consumer.runs).toBe(2);
    expect(logger.error).toHaveBeenCalledWith(
      expect.objectContaining({ topic: 'topic', group: 'group', error: 'Error: INVALID_REQUEST' }),
      expect.stringContaining('restarting it'),
    );

    consumer.crash(false); // the restart failed: twice the pause
    await jest.advanceTimersByTimeAsync(1_999);
    expect(consumer.runs).toBe(2);
    await jest.advanceTimersByTimeAsync(1);
    expect(consumer.runs).toBe(3);

    consumer.emit(consumer.events.GROUP_JOIN, {}); // joined: the next crash starts over at 1 s
    consumer.crash(false);
    await jest.advanceTimersByTimeAsync(1_000);
    expect(consumer.runs).toBe(4);
  });

  it('leaves the restart to kafkajs when kafkajs restarts the consumer itself', async () => {
    consumer.crash(true);
    await jest.advanceTimersByTimeAsync(60_000);
    expect(consumer.runs).toBe(1);
  });

  it('does not restart a consumer that crashes while its subscription closes', async () => {
    consumer.crash(false);
    await bus.close();
    await jest.advanceTimersByTimeAsync(60_000);
    expect(consumer.runs).toBe(1);
  });
});
