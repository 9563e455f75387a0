import express from 'express';
import { NestFactory } from '@nestjs/core';
import {
  boundPort,
  closeServer,
  healthRouter,
  listen,
  metricsAccess,
  metricsHandler,
  OutboxRelay,
  parseConfig,
  standardHealth,
  DependencyMonitor,
  type Runtime,
} from '@pt/platform';
import { pricingService, PricingWorkerModule } from './index';
import type { PricingModuleOptions } from './pricing.module';
import { PRICING_SCHEMA } from './tokens';

export interface PricingWorker {
  port: number;
  close(): Promise<void>;
}

/** Polls until the API process has migrated the schema (only one process runs migrations). */
async function waitForSchema(runtime: Runtime, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await runtime.db.query<{ ready: boolean }>(
      `SELECT to_regclass('pricing.poll_state') IS NOT NULL AS ready`,
    );
    if (rows[0]?.ready) return;
    if (Date.now() > deadline)
      throw new Error('the pricing schema was not migrated in time (is the pricing API running?)');
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/**
 * The pollers as their own process (distributed mode; ARCHITECTURE §4): the scheduler and the
 * per-marketplace workers, an outbox relay for the price.observed they emit, and a small HTTP
 * server with /livez, /readyz, /healthz and /metrics for probes and Prometheus.
 */
export async function startPricingWorker(
  runtime: Runtime,
  port: number,
  options: PricingModuleOptions = {},
): Promise<PricingWorker> {
  const env = parseConfig(pricingService.envSchema!, runtime.rawEnv) as Record<string, unknown>;
  await waitForSchema(runtime);
  const logger = runtime.logger.child({ service: 'pricing-worker' });
  const relay = new OutboxRelay(runtime.db, PRICING_SCHEMA, runtime.bus, {
    logger,
    replayWindowMs: runtime.env.OUTBOX_REPLAY_WINDOW_MS,
  });
  relay.start();
  const app = await NestFactory.createApplicationContext(
    PricingWorkerModule.register(runtime, env, options),
    { logger: false, abortOnError: false },
  );
  await app.init();
  const http = express();
  http.disable('x-powered-by');
  // Its work is the queue's jobs, so unlike an API process it cannot do anything without Redis:
  // the queue is critical here (with the same grace), the bus only observed (the outbox holds
  // what it emits).
  const health = standardHealth(runtime, { critical: ['db', 'queue'], observed: ['bus'] });
  http.use(
    healthRouter(
      'pricing-worker',
      new DependencyMonitor('pricing-worker', health, {
        graceMs: runtime.env.READINESS_GRACE_MS,
        logger,
      }),
    ),
  );
  http.get('/metrics', metricsAccess(runtime.env.METRICS_TOKEN), metricsHandler);
  const server = await listen(http, port, runtime.env.HOST);
  logger.info({ port: boundPort(server) }, 'pricing worker running');
  return {
    port: boundPort(server),
    async close() {
      await closeServer(server, runtime.env.SHUTDOWN_DRAIN_MS);
      // Workers finish their jobs first, then what they wrote is relayed.
      await app.close();
      await relay.stop();
    },
  };
}
