import {
  createLogger,
  InlineJobQueue,
  MemoryEventBus,
  MemoryRateLimiter,
  parseConfig,
  serviceEnvSchema,
  startService,
  systemClock,
  type Clock,
  type Database,
  type EventBus,
  type JobQueue,
  type Logger,
  type Mailer,
  type RateLimiter,
  type RunningService,
  type Runtime,
  type ServiceDefinition,
} from '@pt/platform';

/** The ports a test gives a service; the database is the one it must give. */
export interface TestRuntimeParts {
  bus?: EventBus;
  queue?: JobQueue;
  mailer?: Mailer;
  rateLimiter?: RateLimiter;
  clock?: Clock;
  logger?: Logger;
  /** The service's environment (its envSchema is parsed from it, as in production). */
  env?: Record<string, string>;
}

const noMailer: Mailer = {
  kind: 'file',
  send: () => Promise.reject(new Error('this test host has no mailer')),
  ping: () => Promise.resolve(),
  close: () => Promise.resolve(),
};

/**
 * A Runtime of the test's own parts (in-memory defaults for the rest). Its close() closes nothing:
 * the test made the parts, the test closes them.
 */
export function testRuntime(db: Database, parts: TestRuntimeParts = {}): Runtime {
  const env = parts.env ?? {};
  return {
    env: parseConfig(serviceEnvSchema, env),
    rawEnv: env,
    logger: parts.logger ?? createLogger({ service: 'test-host', level: 'silent' }),
    db,
    bus: parts.bus ?? new MemoryEventBus(),
    queue: parts.queue ?? new InlineJobQueue(),
    mailer: parts.mailer ?? noMailer,
    rateLimiter: parts.rateLimiter ?? new MemoryRateLimiter(),
    clock: parts.clock ?? systemClock,
    close: async () => undefined,
  };
}

/**
 * A service started the way both production hosts start it (startService: migrations, outbox
 * relay, session revocations, the definition's module and health), on the test's parts. Test
 * overrides go into the definition (e.g. createAlertNotifierService({ productLookup })).
 */
export async function startTestService(
  definition: ServiceDefinition,
  db: Database,
  parts: TestRuntimeParts = {},
): Promise<{ service: RunningService; runtime: Runtime }> {
  const runtime = testRuntime(db, parts);
  // A short relay interval: tests wait on published events, not on the production cadence.
  const service = await startService(definition, runtime, { outboxIntervalMs: 20 });
  return { service, runtime };
}
