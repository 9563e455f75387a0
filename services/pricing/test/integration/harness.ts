import { randomUUID } from 'node:crypto';
import type { INestApplication, Type } from '@nestjs/common';
import {
  productEventKey,
  Topics,
  type EventEnvelope,
  type PriceObservedPayload,
  type TrackingChangedPayload,
} from '@pt/contracts';
import {
  createLogger,
  createNestHttpApp,
  ensureOutboxTables,
  InlineJobQueue,
  MemoryEventBus,
  MemoryRateLimiter,
  OutboxRelay,
  runMigrations,
  serviceEnvSchema,
  type Database,
  type EventBus,
  type JobQueue,
  type Runtime,
} from '@pt/platform';
import type { Express } from 'express';
import { eventually, type FakeClock } from '@pt/testing';
import { pricingService, PricingModule } from '../../src';
import type { PollDrivers } from '../../src/services/marketplace-batching';

export interface PricingUnderTest {
  express: Express;
  nest: INestApplication;
  runtime: Runtime;
  relay: OutboxRelay;
  get<T>(type: Type<T>): T;
  close(): Promise<void>;
}

export interface StartOptions {
  db: Database;
  clock: FakeClock;
  bus?: EventBus;
  queue?: JobQueue;
  env?: Record<string, string>;
  /** The process's NODE_ENV (development unless a test says production). */
  nodeEnv?: 'development' | 'production' | 'test';
  drivers?: PollDrivers;
}

const silent = createLogger({ service: 'pricing-test', level: 'silent' });

/** Migrates the pricing schema (idempotent, locked: safe for several instances at once). */
export async function migrate(db: Database): Promise<void> {
  await runMigrations(db, { schema: 'pricing', dir: pricingService.migrationsDir });
  await ensureOutboxTables(db, 'pricing');
}

/**
 * The pricing module as a host would run it, on the test's database, bus, queue and clock. The
 * outbox relay is started so events flow; tests that count outbox rows can `relay.drain()`.
 */
/** The bearer token the harness's /metrics requires. */
export const PRICING_METRICS_TOKEN = 'metrics-token-for-tests';

export async function startPricing(options: StartOptions): Promise<PricingUnderTest> {
  await migrate(options.db);
  const bus = options.bus ?? new MemoryEventBus();
  const queue = options.queue ?? new InlineJobQueue();
  const rawEnv = { PRICING_WORKERS: 'off', ...options.env };
  const runtime: Runtime = {
    env: serviceEnvSchema.parse({ NODE_ENV: options.nodeEnv }),
    rawEnv,
    logger: silent,
    db: options.db,
    bus,
    queue,
    mailer: undefined as never,
    rateLimiter: new MemoryRateLimiter(),
    clock: options.clock,
    close: async () => undefined,
  };
  const relay = new OutboxRelay(options.db, 'pricing', bus, { intervalMs: 50 });
  relay.start();
  const app = await createNestHttpApp(
    'pricing',
    PricingModule.register(runtime, rawEnv, { drivers: options.drivers ?? { get: () => undefined } }),
    {
      logger: silent,
      health: {},
      metricsToken: PRICING_METRICS_TOKEN,
    },
  );
  return {
    express: app.express,
    nest: app.nest,
    runtime,
    relay,
    get: (type) => app.nest.get(type),
    async close() {
      await app.nest.close();
      await relay.stop();
    },
  };
}

export function observedEnvelope(
  payload: Partial<PriceObservedPayload> & { productId: string; price: number; observedAt: string },
  id = randomUUID(),
): EventEnvelope<PriceObservedPayload> {
  const full: PriceObservedPayload = { marketplace: 'ebay', currency: 'USD', source: 'lookup', ...payload };
  return {
    id,
    type: Topics.priceObserved,
    version: 1,
    occurredAt: full.observedAt,
    key: productEventKey(full.marketplace, full.productId),
    payload: full,
  };
}

export function trackingEnvelope(
  payload: TrackingChangedPayload,
  id = randomUUID(),
): EventEnvelope<TrackingChangedPayload> {
  return {
    id,
    type: Topics.trackingChanged,
    version: 1,
    occurredAt: new Date().toISOString(),
    key: productEventKey(payload.marketplace, payload.productId),
    payload,
  };
}

export { eventually };

export const HOUR = 60 * 60 * 1000;
