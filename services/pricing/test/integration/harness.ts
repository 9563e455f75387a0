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
  ensureOutboxTables,
  InlineJobQueue,
  MemoryEventBus,
  runMigrations,
  type Database,
  type EventBus,
  type JobQueue,
  type Runtime,
} from '@pt/platform';
import type { Express } from 'express';
import { eventually, startTestService, type FakeClock } from '@pt/testing';
import { createPricingService, pricingService } from '../../src';
import type { PollDrivers } from '../../src/services/marketplace-batching';

export interface PricingUnderTest {
  express: Express;
  nest: INestApplication;
  runtime: Runtime;
  /** The service's outbox relay: stopped, events stay in the outbox for the test to read. */
  relay: { stop(): Promise<void>; drain(): Promise<number> };
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

/** Migrates the pricing schema (idempotent, locked: safe for several instances at once). */
export async function migrate(db: Database): Promise<void> {
  await runMigrations(db, { schema: 'pricing', dir: pricingService.migrationsDir });
  await ensureOutboxTables(db, 'pricing');
}

/** The bearer token the harness's /metrics requires. */
export const PRICING_METRICS_TOKEN = 'metrics-token-for-tests';

/**
 * The pricing service started as both hosts start it (startTestService), on the test's database,
 * bus, queue and clock. The outbox relay runs so events flow; tests that read outbox rows stop it.
 */
export async function startPricing(options: StartOptions): Promise<PricingUnderTest> {
  const { service, runtime } = await startTestService(
    createPricingService({ drivers: options.drivers ?? { get: () => undefined } }),
    options.db,
    {
      bus: options.bus ?? new MemoryEventBus(),
      queue: options.queue ?? new InlineJobQueue(),
      clock: options.clock,
      env: {
        NODE_ENV: options.nodeEnv ?? 'development',
        METRICS_TOKEN: PRICING_METRICS_TOKEN,
        PRICING_WORKERS: 'off',
        ...options.env,
      },
    },
  );
  return {
    express: service.express,
    nest: service.nest,
    runtime,
    relay: { stop: () => service.holdOutbox(), drain: () => service.drainOutbox() },
    get: (type) => service.nest.get(type),
    close: () => service.close(),
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
