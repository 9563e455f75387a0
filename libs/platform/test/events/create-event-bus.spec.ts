import { createEventBus, KafkaEventBus, MemoryEventBus } from '@pt/platform';

describe('createEventBus', () => {
  it('uses the in-process bus by default', async () => {
    const bus = await createEventBus({});
    expect(bus).toBeInstanceOf(MemoryEventBus);
    await bus.close();
  });

  it('refuses redis without REDIS_URL', async () => {
    await expect(createEventBus({ EVENT_BUS: 'redis' })).rejects.toThrow('REDIS_URL');
  });

  it('refuses kafka without KAFKA_BROKERS', async () => {
    await expect(createEventBus({ EVENT_BUS: 'kafka', KAFKA_BROKERS: [] })).rejects.toThrow('KAFKA_BROKERS');
    await expect(createEventBus({ EVENT_BUS: 'kafka', KAFKA_BROKERS: ' , ' })).rejects.toThrow(
      'KAFKA_BROKERS',
    );
  });

  it('builds the kafka bus from a broker list without connecting yet', async () => {
    const bus = await createEventBus({ EVENT_BUS: 'kafka', KAFKA_BROKERS: 'localhost:1,localhost:2' });
    expect(bus).toBeInstanceOf(KafkaEventBus);
    await bus.close();
  });
});
