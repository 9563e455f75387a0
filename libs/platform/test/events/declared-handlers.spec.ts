import 'reflect-metadata';
import { Injectable, Module, type DynamicModule } from '@nestjs/common';
import { DiscoveryModule, NestFactory } from '@nestjs/core';
import { Topics, type EventEnvelope, type Topic } from '@pt/contracts';
import { createEnvelope, declaredEventHandlers, EVENT_BUS, MemoryEventBus, OnEvent } from '@pt/platform';
import { waitFor } from './helpers';

/**
 * Declared event handlers (one registry per service, found at start-up): the contracts'
 * TOPIC_CONSUMERS table is what a service must and may consume; a handler on an unknown topic or
 * on a topic the table does not give the service, or a topic it must consume with no handler,
 * stops the boot. Each case below breaks one of those on purpose.
 */
@Injectable()
class SettingsLogs {
  readonly seen: string[] = [];
  @OnEvent(Topics.gatewayRequestLogs, 'test.request-logs')
  async handle(envelope: EventEnvelope): Promise<void> {
    this.seen.push(envelope.key);
  }
}

@Injectable()
class Misspelt {
  @OnEvent('gateway.request-log' as Topic, 'test.misspelt')
  async handle(): Promise<void> {}
}

@Injectable()
class NotOurs {
  @OnEvent(Topics.priceObserved, 'test.not-ours')
  async handle(): Promise<void> {}
}

@Module({})
class TestModule {}

function serviceModule(
  service: string,
  bus: MemoryEventBus,
  consumers: Array<new (...args: never[]) => object>,
): DynamicModule {
  return {
    module: TestModule,
    imports: [DiscoveryModule],
    providers: [{ provide: EVENT_BUS, useValue: bus }, ...consumers, ...declaredEventHandlers(service)],
  };
}

async function boot(
  service: string,
  bus: MemoryEventBus,
  consumers: Array<new (...args: never[]) => object>,
) {
  const app = await NestFactory.createApplicationContext(serviceModule(service, bus, consumers), {
    logger: false,
    abortOnError: false,
  });
  try {
    await app.init();
  } catch (error) {
    await app.close().catch(() => undefined);
    throw error;
  }
  return app;
}

describe('declared event handlers', () => {
  let bus: MemoryEventBus;
  beforeEach(() => {
    bus = new MemoryEventBus();
  });
  afterEach(() => bus.close());

  it('subscribes every declared handler when the service starts, and stops it when the service stops', async () => {
    const app = await boot('settings', bus, [SettingsLogs]);
    const logs = app.get(SettingsLogs);
    await bus.publish(
      Topics.gatewayRequestLogs,
      createEnvelope('t', 'gateway-1', { entries: [], dropped: 0 }),
    );
    await waitFor(() => logs.seen.includes('gateway-1'), 'the handler to receive the event');
    await app.close();
    // A witness group gets the next event; the closed handler must not.
    const witnessed: string[] = [];
    await bus.subscribe(Topics.gatewayRequestLogs, 'test.witness', async (e) => {
      witnessed.push(e.key);
    });
    await bus.publish(
      Topics.gatewayRequestLogs,
      createEnvelope('t', 'gateway-2', { entries: [], dropped: 0 }),
    );
    await waitFor(() => witnessed.includes('gateway-2'), 'the witness to receive the next event');
    expect(logs.seen).toEqual(['gateway-1']);
  });

  it('stops the boot on a handler of a topic the contracts do not know', async () => {
    await expect(boot('settings', bus, [SettingsLogs, Misspelt])).rejects.toThrow(
      'Misspelt.handle handles unknown topic gateway.request-log',
    );
  });

  it('stops the boot on a handler of a topic the contracts give another service', async () => {
    await expect(boot('settings', bus, [SettingsLogs, NotOurs])).rejects.toThrow(
      'NotOurs.handle handles price.observed, which the contracts do not give settings',
    );
  });

  it('stops the boot when a topic the service must consume has no handler', async () => {
    await expect(boot('settings', bus, [])).rejects.toThrow(
      'settings must consume gateway.request-logs and declares no handler',
    );
  });
});
