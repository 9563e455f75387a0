import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
  type OnModuleInit,
  type Provider,
} from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { ALL_TOPICS, TOPIC_CONSUMERS, type Topic } from '@pt/contracts';
import { EVENT_BUS } from '../service/tokens';
import type { EventBus, EventHandler, SubscribeOptions, Subscription } from './event-bus.port';

/** A consumer group's name, fixed or computed from the consumer (a per-process group). */
type GroupOf = string | ((consumer: never) => string);

interface DeclaredHandler {
  topic: string;
  group: GroupOf;
  options?: SubscribeOptions;
  method: string | symbol;
}

const declared = new WeakMap<object, DeclaredHandler[]>();

/**
 * Declares the decorated method as the handler of `topic` for consumer `group` (persisted in the
 * brokers: never rename a group). The service's DeclaredEventHandlers subscribes it when the
 * service starts and closes it when it stops; nothing else subscribes it.
 */
export function OnEvent<C>(
  topic: Topic,
  group: string | ((consumer: C) => string),
  options?: SubscribeOptions,
): MethodDecorator {
  return (prototype, method) => {
    const list = declared.get(prototype.constructor) ?? [];
    list.push({ topic, group: group as GroupOf, options, method });
    declared.set(prototype.constructor, list);
  };
}

const HANDLERS_OWNER = Symbol('DeclaredEventHandlersOwner');

interface FoundHandler extends DeclaredHandler {
  consumer: Record<string | symbol, unknown>;
  owner: string;
}

/**
 * Finds every @OnEvent handler among the service's providers when it starts, checks them against
 * the contracts (every topic known; every topic this service must consume, per TOPIC_CONSUMERS,
 * handled; no handler on a topic the contracts do not give this service), then subscribes them.
 * A check that fails stops the boot: a misspelt or forgotten handler is an error at start, not a
 * silently lost event stream.
 */
@Injectable()
export class DeclaredEventHandlers implements OnModuleInit, OnApplicationBootstrap, OnModuleDestroy {
  private handlers: FoundHandler[] = [];
  private readonly subscriptions: Subscription[] = [];

  constructor(
    @Inject(HANDLERS_OWNER) private readonly service: string,
    @Inject(EVENT_BUS) private readonly bus: EventBus,
    private readonly discovery: DiscoveryService,
  ) {}

  onModuleInit(): void {
    this.handlers = this.discovery.getProviders().flatMap((wrapper): FoundHandler[] => {
      const consumer = wrapper.instance as Record<string | symbol, unknown> | null | undefined;
      if (!consumer || typeof consumer !== 'object') return [];
      const list = declared.get(consumer.constructor) ?? [];
      return list.map((h) => ({ ...h, consumer, owner: String(wrapper.name) }));
    });
    const problems = checkHandlers(this.service, this.handlers);
    if (problems.length > 0)
      throw new Error(`${this.service}: event handlers do not match the contracts: ${problems.join('; ')}`);
  }

  async onApplicationBootstrap(): Promise<void> {
    for (const h of this.handlers) {
      const handler = (h.consumer[h.method] as EventHandler).bind(h.consumer);
      const group = typeof h.group === 'string' ? h.group : (h.group as (c: unknown) => string)(h.consumer);
      this.subscriptions.push(await this.bus.subscribe(h.topic, group, handler, h.options));
    }
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.all(this.subscriptions.splice(0).map((s) => s.close()));
  }
}

/** What is wrong with a service's handlers, against the contracts' topic table; empty when nothing. */
export function checkHandlers(
  service: string,
  handlers: ReadonlyArray<Pick<FoundHandler, 'topic' | 'owner' | 'method' | 'consumer'>>,
): string[] {
  const problems: string[] = [];
  for (const h of handlers) {
    const where = `${h.owner}.${String(h.method)}`;
    if (!(ALL_TOPICS as readonly string[]).includes(h.topic))
      problems.push(`${where} handles unknown topic ${h.topic}`);
    else if (!TOPIC_CONSUMERS[h.topic as Topic].includes(service))
      problems.push(`${where} handles ${h.topic}, which the contracts do not give ${service}`);
    if (typeof h.consumer[h.method] !== 'function') problems.push(`${where} is not a method`);
  }
  const handled = new Set(handlers.map((h) => h.topic));
  for (const topic of ALL_TOPICS)
    if (TOPIC_CONSUMERS[topic].includes(service) && !handled.has(topic))
      problems.push(`${service} must consume ${topic} and declares no handler`);
  return problems;
}

/** The providers a service module adds (with DiscoveryModule imported) for its @OnEvent handlers. */
export function declaredEventHandlers(service: string): Provider[] {
  return [{ provide: HANDLERS_OWNER, useValue: service }, DeclaredEventHandlers];
}
