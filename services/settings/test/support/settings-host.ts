import { randomUUID } from 'node:crypto';
import { Topics, type EventEnvelope, type SettingsChangedPayload } from '@pt/contracts';
import {
  InlineJobQueue,
  MemoryRateLimiter,
  PostgresDatabase,
  RedisStreamsEventBus,
  identityHeaders,
  type RateLimiter,
  type RunningService,
  type Runtime,
  type VerifiedUser,
} from '@pt/platform';
import { createTestPostgres, startTestService, type TcpLink, type TestPostgres } from '@pt/testing';
import supertest from 'supertest';
import { settingsService } from '../../src';

export interface SettingsHost {
  request: ReturnType<typeof supertest>;
  runtime: Runtime;
  pg: TestPostgres;
  service: RunningService;
  /** Every settings.changed the outbox relay published, in order. */
  changes: EventEnvelope<SettingsChangedPayload>[];
  close(): Promise<void>;
}

/**
 * The settings service as a host starts it, on real Postgres (a database of its own) and Redis
 * Streams under a prefix of its own, so parallel test files never see each other's events.
 */
export async function startSettingsHost({
  env = {},
  rateLimiter = new MemoryRateLimiter(),
  databaseVia,
  redisVia,
}: {
  env?: Record<string, string>;
  rateLimiter?: RateLimiter;
  /** Reach Postgres / Redis through these links, which the test can cut (outages). */
  databaseVia?: TcpLink;
  redisVia?: TcpLink;
} = {}): Promise<SettingsHost> {
  const pg = await createTestPostgres();
  const databaseUrl = databaseVia ? databaseVia.url(pg.url) : pg.url;
  const rawEnv = { LOG_LEVEL: 'silent', NODE_ENV: 'test', DATABASE_URL: databaseUrl, ...env };
  const db = databaseVia
    ? new PostgresDatabase({ url: databaseUrl, max: 4, applicationName: 'test' })
    : pg.db;
  const redisUrl = process.env.REDIS_URL as string;
  const bus = new RedisStreamsEventBus({
    url: redisVia ? redisVia.url(redisUrl) : redisUrl,
    prefix: `test:${randomUUID()}`,
  });
  const queue = new InlineJobQueue();
  const changes: EventEnvelope<SettingsChangedPayload>[] = [];
  await bus.subscribe(Topics.settingsChanged, 'test-observer', async (envelope) => {
    changes.push(envelope as EventEnvelope<SettingsChangedPayload>);
  });
  const { service, runtime } = await startTestService(settingsService, db, {
    bus,
    queue,
    rateLimiter,
    env: rawEnv,
  });
  return {
    request: supertest(service.express),
    runtime,
    pg,
    service,
    changes,
    async close() {
      await service.close();
      await queue.close();
      await bus.close();
      await rateLimiter.close();
      if (db !== pg.db) await db.close();
      await pg.drop();
    },
  };
}

/**
 * The headers the gateway sends for a signed-in user (a signed `x-user-assertion`; bare
 * `x-user-*` headers are anonymous). Each header is read afresh, so the short-lived assertion is
 * signed at the time of the request, however long the file runs.
 */
function signedIn(user: VerifiedUser): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of Object.keys(identityHeaders(user)))
    Object.defineProperty(headers, name, { enumerable: true, get: () => identityHeaders(user)[name] });
  return headers;
}

export const ADMIN = signedIn({ id: 'admin-1', role: 'admin' });
export const USER = signedIn({ id: 'user-1', role: 'user' });
