import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Topics, type EventEnvelope, type PriceObservedPayload } from '@pt/contracts';
import {
  InlineJobQueue,
  MemoryEventBus,
  MemoryRateLimiter,
  PGliteDatabase,
  createLogger,
  type Database,
  type EventBus,
  type Logger,
  type RateLimiter,
  type RunningService,
  type Runtime,
} from '@pt/platform';
import supertest from 'supertest';
import { eventually, FakeClock, sleep, startTestService } from '@pt/testing';
import { createCatalogService, type CatalogOverrides } from '../../src';

export interface CatalogHost {
  request: ReturnType<typeof supertest>;
  service: RunningService;
  runtime: Runtime;
  clock: FakeClock;
  /** Every price.observed the outbox relay published, in order. */
  observed: EventEnvelope<PriceObservedPayload>[];
  /** Waits until `n` observations arrived, then a little longer to catch extra ones. */
  waitForObservations(n: number, timeoutMs?: number): Promise<EventEnvelope<PriceObservedPayload>[]>;
  close(): Promise<void>;
}

export interface CatalogHostOptions extends CatalogOverrides {
  /** A database of the caller's (real Postgres); in-memory PGlite otherwise. */
  db?: Database;
  env?: Record<string, string>;
  clock?: FakeClock;
  /** A shared limiter (e.g. Redis, to share budgets with another service); in-process otherwise. */
  rateLimiter?: RateLimiter;
  /** Where the service logs; silent otherwise (TEST_LOG_LEVEL to see it). */
  logger?: Logger;
  /** A bus of the caller's (shared with other services, or Redis Streams); a memory bus otherwise. */
  bus?: EventBus;
}

/**
 * The catalog service alone, as a host starts it (migrations, outbox relay, Nest app), on its own
 * runtime: PGlite in memory (or the given database), the memory bus, a fake clock.
 */
export async function startCatalogHost(options: CatalogHostOptions = {}): Promise<CatalogHost> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'catalog-test-'));
  // No search cache and no per-client limit unless a test asks for them: each has its own tests,
  // and the others search the same thing many times from one address.
  const rawEnv = {
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    CATALOG_SEARCH_CACHE_TTL_MS: '0',
    CATALOG_CLIENT_BURST: '100000',
    ...options.env,
  };
  const db = options.db ?? (await PGliteDatabase.open());
  const bus = options.bus ?? new MemoryEventBus();
  const queue = new InlineJobQueue();
  const clock = options.clock ?? new FakeClock();
  const observed: EventEnvelope<PriceObservedPayload>[] = [];
  const observer = await bus.subscribe(Topics.priceObserved, 'test-observer', async (envelope) => {
    observed.push(envelope as EventEnvelope<PriceObservedPayload>);
  });
  const { service, runtime } = await startTestService(
    createCatalogService({ drivers: options.drivers, fetch: options.fetch }),
    db,
    {
      bus,
      queue,
      clock,
      env: rawEnv,
      rateLimiter: options.rateLimiter ?? new MemoryRateLimiter(),
      logger:
        options.logger ??
        createLogger({
          service: 'catalog-test',
          level: (process.env.TEST_LOG_LEVEL as 'silent') ?? 'silent',
        }),
    },
  );
  return {
    request: supertest(service.express),
    service,
    runtime,
    clock,
    observed,
    async waitForObservations(n, timeoutMs = 15_000) {
      // The caller asserts the count: a shortfall is reported by its expectation, not as a timeout.
      await eventually(() => observed.length >= n, { timeoutMs }).catch(() => undefined);
      // One more relay interval: a duplicate would show up now.
      await sleep(300);
      return [...observed];
    },
    async close() {
      await observer.close();
      await service.close();
      await queue.close();
      if (!options.bus) await bus.close();
      if (!options.db) await db.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** PGlite boots in seconds on a busy machine: hooks that start a host get this much time. */
export const HOST_START_TIMEOUT_MS = 60_000;
