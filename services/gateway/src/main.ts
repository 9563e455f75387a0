import './instrumentation';
import path from 'node:path';
import {
  assertInternalSecret,
  boundPort,
  closeServer,
  ConfigError,
  createEventBus,
  createLogger,
  createRateLimiter,
  DependencyMonitor,
  listen,
  loadConfig,
  onShutdown,
} from '@pt/platform';
import { createGatewayApp } from './app';
import { createAccessTokenVerifier, followRevocations, gatewayAuthEnvSchema } from './auth';
import { GatewayEdge } from './edge';
import { gatewayHealth } from './health/gateway-health';
import { gatewayPolicyEnvSchema } from './policies/policy-env';
import { demoImageOrigins } from './policies/security-headers';
import { gatewayEnvSchema } from './env';
import { proxyTo } from './proxy';
import type { ServiceName } from './routes';
import { sharedListLookup } from './shared-page/shared-list-lookup';

async function main(): Promise<void> {
  const env = loadConfig(gatewayEnvSchema);
  const authEnv = loadConfig(gatewayAuthEnvSchema);
  // The services check the identity the gateway signs with a key derived from this.
  assertInternalSecret();
  const logger = createLogger({ service: 'gateway', level: env.LOG_LEVEL });
  const bus = await createEventBus(env, { logger, clientId: 'gateway' });
  const revocations = await followRevocations(bus, logger);
  const urls: Record<ServiceName, string> = {
    auth: env.AUTH_URL,
    catalog: env.CATALOG_URL,
    pricing: env.PRICING_URL,
    wishlist: env.WISHLIST_URL,
    'alert-notifier': env.ALERT_NOTIFIER_URL,
    settings: env.SETTINGS_URL,
  };
  const targets = Object.fromEntries(
    Object.entries(urls).map(([name, url]) => [name, proxyTo(url)]),
  ) as Record<ServiceName, ReturnType<typeof proxyTo>>;
  // A gateway process on the memory bus hears no other process: no maintenance switch, no SSE.
  if (bus.kind === 'memory')
    logger.warn(
      'EVENT_BUS is memory: settings changes (maintenance, SSE) and request logs stay in this process',
    );
  const rateLimiter = createRateLimiter(env, 'ratelimit:gateway');
  const edge = await GatewayEdge.start({
    logger,
    bus,
    rateLimiter,
    config: loadConfig(gatewayPolicyEnvSchema),
  });
  const app = createGatewayApp({
    logger,
    edge,
    targets,
    health: new DependencyMonitor('gateway', gatewayHealth(urls, bus), {
      graceMs: env.READINESS_GRACE_MS,
      logger,
    }),
    trustProxy: env.TRUST_PROXY,
    webDist: env.WEB_DIST ?? path.resolve(__dirname, '..', '..', '..', 'web', 'dist'),
    auth: {
      verifier: createAccessTokenVerifier({
        jwksUrl: new URL('/auth/v1/.well-known/jwks.json', env.AUTH_URL),
        issuer: authEnv.AUTH_JWT_ISSUER,
      }),
    },
    metricsToken: env.METRICS_TOKEN,
    imageOrigins: demoImageOrigins(env.DEMO_IMAGE_ORIGINS),
    sharedLists: sharedListLookup(() => env.WISHLIST_URL.replace(/\/+$/, '')),
  });
  // Loopback unless HOST says otherwise: a container or a host that serves the
  // internet sets HOST=0.0.0.0 (or its public interface) for the gateway, the one public edge.
  const server = await listen(app, env.PORT, env.HOST);
  logger.info(
    { host: env.HOST, port: boundPort(server) },
    `gateway listening on ${env.HOST}:${boundPort(server)}`,
  );
  onShutdown(logger, async () => {
    edge.endStreams();
    // Bounded: keep-alive clients that keep asking cannot hold the stop open.
    await closeServer(server, env.SHUTDOWN_DRAIN_MS);
    // After the drain, so the answers given during it are logged too.
    await edge.close();
    await revocations.close();
    await rateLimiter.close();
    await bus.close();
  });
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  process.stderr.write(
    `gateway failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
