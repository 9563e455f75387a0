import type { DynamicModule, INestApplication } from '@nestjs/common';
import type { Express } from 'express';
import type { z } from 'zod';
import { parseConfig } from '../config';
import { runMigrations } from '../database';
import { ensureOutboxTables, OutboxRelay } from '../events';
import {
  createNestHttpApp,
  DependencyMonitor,
  followSessionRevocations,
  type HealthChecks,
  type HealthSpec,
} from '../http';
import type { Runtime } from './runtime';

/**
 * What a service package exports so that both hosts can run it: its own process (main.ts) or the
 * embedded all-in-one host. Same module, same migrations, same background work in both.
 */
export interface ServiceDefinition {
  /** Also the name of its Postgres schema and its logger's `service` field. */
  name: string;
  migrationsDir: string;
  /**
   * Variables of this service beyond the shared ones (credentials, limits, URLs). Both hosts
   * validate it at boot, so a bad value stops the process before anything starts.
   */
  envSchema?: z.ZodObject;
  /** The NestJS module, given the ports and the parsed envSchema; it injects only what it uses. */
  module(runtime: Runtime, config: Record<string, unknown>): DynamicModule;
  /**
   * Which ports it cannot serve its own requests without (`critical`: readiness) and which are only
   * watched (`observed`: /healthz, `dependency_up`). See standardHealth.
   */
  health(runtime: Runtime): HealthSpec;
}

export interface RunningService {
  name: string;
  express: Express;
  /** The Nest application, for tests that reach a provider directly. */
  nest: INestApplication;
  /** Relays what the outbox holds now; how many events went out. */
  drainOutbox(): Promise<number>;
  /** Stops relaying: what the outbox gets from now on stays there, for a test to read. */
  holdOutbox(): Promise<void>;
  close(): Promise<void>;
}

export interface StartServiceOptions {
  /** How often the outbox relay looks for events (its default otherwise); tests shorten it. */
  outboxIntervalMs?: number;
}

/** Migrates the service's schema, starts its outbox relay and builds its HTTP app. */
export async function startService(
  definition: ServiceDefinition,
  runtime: Runtime,
  options: StartServiceOptions = {},
): Promise<RunningService> {
  const { name } = definition;
  const logger = runtime.logger.child({ service: name });
  const schema = schemaOf(definition);
  const applied = await runMigrations(runtime.db, { schema, dir: definition.migrationsDir });
  await ensureOutboxTables(runtime.db, schema);
  if (applied.length > 0) logger.info({ applied }, 'migrations applied');
  const relay = new OutboxRelay(runtime.db, schema, runtime.bus, {
    logger,
    replayWindowMs: runtime.env.OUTBOX_REPLAY_WINDOW_MS,
    ...(options.outboxIntervalMs ? { intervalMs: options.outboxIntervalMs } : {}),
  });
  relay.start();
  const config = definition.envSchema
    ? (parseConfig(definition.envSchema, runtime.rawEnv) as Record<string, unknown>)
    : {};
  // Every service refuses access tokens of ended sessions: `verifiedUser`
  // consults the process's revocation set, fed here from `auth.session-revoked`.
  const revocations = await followSessionRevocations(runtime.bus, { owner: name, logger });
  let app: Awaited<ReturnType<typeof createNestHttpApp>>;
  try {
    app = await createNestHttpApp(name, definition.module(runtime, config), {
      logger,
      health: new DependencyMonitor(name, definition.health(runtime), {
        graceMs: runtime.env.READINESS_GRACE_MS,
        logger,
      }),
      metricsToken: runtime.env.METRICS_TOKEN,
    });
  } catch (error) {
    // A service that refuses to start (a wrong secret found at init) leaves nothing running.
    await revocations.close();
    await relay.stop();
    throw error;
  }
  return {
    name,
    express: app.express,
    nest: app.nest,
    drainOutbox: () => relay.drain(),
    holdOutbox: () => relay.stop(),
    async close() {
      // Consumers and workers stop first (Nest shutdown hooks), then what they wrote is relayed.
      await app.nest.close();
      await revocations.close();
      await relay.stop();
    },
  };
}

type Port = 'db' | 'bus' | 'queue' | 'mailer';

function portChecks(runtime: Runtime, ports: readonly Port[]): HealthChecks {
  const checks: HealthChecks = {};
  if (ports.includes('db')) checks.database = () => runtime.db.ping();
  if (ports.includes('bus')) checks.eventBus = () => runtime.bus.ping();
  if (ports.includes('queue')) checks.jobQueue = () => runtime.queue.ping();
  if (ports.includes('mailer')) checks.mailer = () => runtime.mailer.ping();
  return checks;
}

/**
 * The health of the ports most services use: `critical` ones decide readiness (after the grace),
 * `observed` ones are only reported. A request handler writes to Postgres and its events go through
 * the outbox, so for an API process the database is critical and the bus and queue are observed.
 */
export function standardHealth(
  runtime: Runtime,
  { critical, observed = [] }: { critical: readonly Port[]; observed?: readonly Port[] },
): HealthSpec {
  return { critical: portChecks(runtime, critical), observed: portChecks(runtime, observed) };
}

/** The Postgres schema of a service: its name with dashes as underscores (alert-notifier → alert_notifier). */
export const schemaOf = (definition: Pick<ServiceDefinition, 'name'>): string =>
  definition.name.replace(/-/g, '_');
