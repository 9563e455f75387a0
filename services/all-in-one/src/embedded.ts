import path from 'node:path';
import type { Server } from 'node:http';
import { z } from 'zod';
import { alertNotifierService } from '@pt/alert-notifier';
import { authService } from '@pt/auth';
import { catalogService } from '@pt/catalog';
import {
  GatewayEdge,
  createAccessTokenVerifier,
  createGatewayApp,
  demoImageOrigins,
  gatewayPolicyEnvSchema,
  sharedListLookup,
  trustProxy,
  type ServiceName,
} from '@pt/gateway';
import {
  baseEnv,
  boundPort,
  parseConfig,
  closeServer,
  createRuntime,
  FileMailer,
  MemoryEventBus,
  infraEnv,
  listen,
  port,
  standardHealth,
  DependencyMonitor,
  startService,
  type LoggerOptions,
  type RunningService,
  type Runtime,
  type ServiceDefinition,
} from '@pt/platform';
import { pricingService } from '@pt/pricing';
import { settingsService } from '@pt/settings';
import type { DemoMarketplaces } from '@pt/demo-marketplaces';
import { marketplaceEnvironment } from './demo-marketplaces';
import { wishlistService } from '@pt/wishlist';

export const SERVICES: readonly ServiceDefinition[] = [
  authService,
  settingsService,
  catalogService,
  pricingService,
  wishlistService,
  alertNotifierService,
];

/** The embedded host's environment: the same variables as a service process. */
export const embeddedEnvSchema = z.object({
  ...baseEnv,
  ...infraEnv,
  PORT: port(8080),
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: trustProxy,
});
export type EmbeddedEnv = z.infer<typeof embeddedEnvSchema>;

export interface EmbeddedHost {
  url: string;
  port: number;
  runtime: Runtime;
  /** The demo marketplaces this host started (absent when every marketplace has credentials). */
  demo?: DemoMarketplaces;
  server: Server;
  close(): Promise<void>;
}

/**
 * Every service module and the gateway in one process: PGlite, the in-memory bus, the inline
 * queue and the file mailer unless the environment names real ones.
 */
export async function startEmbedded(
  env: EmbeddedEnv,
  rawEnv: Record<string, string | undefined> = process.env,
  { logDestination }: { logDestination?: LoggerOptions['destination'] } = {},
): Promise<EmbeddedHost> {
  const marketplaces = await marketplaceEnvironment(rawEnv);
  const runtime = await createRuntime({ ...env }, 'all-in-one', marketplaces.env, logDestination);
  const running: RunningService[] = [];
  try {
    // One after another: PGlite has one connection, and migrations of one schema never race.
    for (const definition of SERVICES) running.push(await startService(definition, runtime));
  } catch (error) {
    await Promise.allSettled(running.map((service) => service.close()));
    await runtime.close();
    await marketplaces.close();
    throw error;
  }
  const targets = Object.fromEntries(running.map((service) => [service.name, service.express])) as Record<
    ServiceName,
    RunningService['express']
  >;
  const gatewayLogger = runtime.logger.child({ service: 'gateway' });
  const edge = await GatewayEdge.start({
    logger: gatewayLogger,
    bus: runtime.bus,
    rateLimiter: runtime.rateLimiter,
    config: parseConfig(gatewayPolicyEnvSchema, rawEnv),
  });
  const gateway = createGatewayApp({
    logger: gatewayLogger,
    edge,
    targets,
    // One process: it can serve while its database answers; the bus, queue and mailer are in
    // process (or Redis/SMTP when configured) and only reported.
    health: new DependencyMonitor(
      'gateway',
      standardHealth(runtime, { critical: ['db'], observed: ['bus', 'queue', 'mailer'] }),
      { graceMs: env.READINESS_GRACE_MS, logger: gatewayLogger },
    ),
    trustProxy: env.TRUST_PROXY,
    webDist: env.WEB_DIST ?? path.resolve(__dirname, '..', '..', '..', 'web', 'dist'),
    // The gateway reads the JWKS over HTTP from itself; the port is known once it listens.
    auth: {
      verifier: createAccessTokenVerifier({
        jwksUrl: () => `http://127.0.0.1:${boundPort(server)}/auth/v1/.well-known/jwks.json`,
        issuer: rawEnv.AUTH_JWT_ISSUER || undefined,
      }),
    },
    // /metrics needs this bearer token; unset, the gateway serves no metrics.
    metricsToken: env.METRICS_TOKEN,
    // The admin outbox viewer reads what this host's file mailer wrote (none with SMTP_URL set).
    outbox: runtime.mailer instanceof FileMailer ? runtime.mailer : undefined,
    // The demo marketplaces' pictures are plain http on loopback: allowed by exact origin.
    imageOrigins: demoImageOrigins(marketplaces.env.DEMO_IMAGE_ORIGINS),
    // A shared list's page reads the list through this gateway, once it listens.
    sharedLists: sharedListLookup(() => `http://127.0.0.1:${boundPort(server)}`),
  });
  // Loopback unless HOST says otherwise; the image sets HOST=0.0.0.0.
  const server = await listen(gateway, env.PORT, env.HOST);
  const actualPort = boundPort(server);
  // The alert notifier looks listings up through the catalog's HTTP API: in this host, the gateway.
  runtime.rawEnv.CATALOG_URL ||= `http://127.0.0.1:${actualPort}`;
  // The catalog asks pricing for its answers' good-price badges: in this host, through the gateway.
  runtime.rawEnv.PRICING_URL ||= `http://127.0.0.1:${actualPort}`;
  // Mailed links (alerts' and accounts') open the web app this gateway serves, on the port it got
  // (PORT=0 picks one).
  runtime.rawEnv.APP_URL ||= `http://localhost:${actualPort}`;
  runtime.rawEnv.AUTH_SITE_URL ||= `http://localhost:${actualPort}`;
  let closed: Promise<void> | undefined;
  return {
    url: `http://localhost:${actualPort}`,
    port: actualPort,
    runtime,
    demo: marketplaces.demo,
    server,
    close() {
      closed ??= (async () => {
        edge.endStreams();
        // Bounded: keep-alive clients that keep asking cannot hold the stop open.
        await closeServer(server, env.SHUTDOWN_DRAIN_MS);
        await edge.close();
        await settleInProcessBus(runtime, running);
        for (const service of [...running].reverse()) await service.close();
        await runtime.close();
        await marketplaces.close();
      })();
      return closed;
    },
  };
}

/** How long a graceful stop waits for the in-process bus to settle (a handler that keeps failing). */
const SETTLE_TIMEOUT_MS = 10_000;

/**
 * Nothing in the in-process bus outlives the process: before the services stop, their outboxes are
 * relayed and every consumer handles what it was given — in rounds, as handlers write new events
 * (an observation becomes a price.changed, which becomes an email). What a kill -9 leaves behind is
 * republished from the outbox's replay window at the next start.
 */
async function settleInProcessBus(runtime: { bus: unknown }, running: RunningService[]): Promise<void> {
  if (!(runtime.bus instanceof MemoryEventBus)) return;
  const broker = runtime.bus.broker;
  const deadline = Date.now() + SETTLE_TIMEOUT_MS;
  while (Date.now() < deadline) {
    let relayed = 0;
    for (const service of running) relayed += await service.drainOutbox().catch(() => 0);
    while (broker.pending() > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    if (relayed === 0 && broker.pending() === 0) return;
  }
}
