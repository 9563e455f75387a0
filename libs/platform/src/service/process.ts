import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ConfigError, DEFAULT_SHUTDOWN_DRAIN_MS, loadConfig } from '../config';
import { assertInternalSecret } from '../http/internal-secret';
import { stopTelemetry } from '../telemetry/telemetry';
import { createRuntime, serviceEnvSchema, type Runtime } from './runtime';
import { drainServer, trackForDrain } from './server-drain';
import { startService, type ServiceDefinition } from './service';
import type { z } from 'zod';

/** The process schema plus every hosted service's own variables, validated together at boot. */
export function withServiceEnv<S extends z.ZodObject>(
  base: S,
  definitions: readonly ServiceDefinition[],
): z.ZodObject {
  return definitions.reduce<z.ZodObject>(
    (schema, d) => (d.envSchema ? schema.extend(d.envSchema.shape) : schema),
    base,
  );
}

/**
 * Timeouts of every HTTP server: a client gets `headersTimeoutMs` to send its
 * headers and `requestTimeoutMs` for the whole request, so slow-header sockets (slowloris) are
 * closed instead of held; Node checks them every `checkIntervalMs`.
 */
export interface ServerTimeouts {
  headersTimeoutMs?: number;
  requestTimeoutMs?: number;
  keepAliveTimeoutMs?: number;
  checkIntervalMs?: number;
}

export const DEFAULT_SERVER_TIMEOUTS: Required<ServerTimeouts> = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  checkIntervalMs: 1_000,
};

/** Listens and resolves once the port is bound (port 0 picks a free one). */
export function listen(
  handler: http.RequestListener,
  port: number,
  host?: string,
  timeouts: ServerTimeouts = {},
): Promise<http.Server> {
  const t = { ...DEFAULT_SERVER_TIMEOUTS, ...timeouts };
  return new Promise((resolve, reject) => {
    const server = http.createServer(
      {
        headersTimeout: t.headersTimeoutMs,
        requestTimeout: t.requestTimeoutMs,
        keepAliveTimeout: t.keepAliveTimeoutMs,
        connectionsCheckingInterval: t.checkIntervalMs,
      },
      handler,
    );
    // From the first request on, so a stop knows which answers are in flight (closeServer).
    trackForDrain(server);
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}

export function boundPort(server: http.Server): number {
  return (server.address() as AddressInfo).port;
}

/**
 * Stops a server within a bounded drain: no new connections; requests in flight
 * are answered with `Connection: close`; idle keep-alive sockets are closed at once and busy ones
 * as their answers finish; whatever is still open after `drainMs` is closed. Resolves when the
 * last connection is gone, so a process under steady keep-alive load still exits.
 */
export function closeServer(server: http.Server, drainMs = DEFAULT_SHUTDOWN_DRAIN_MS): Promise<void> {
  return drainServer(server, drainMs);
}

/**
 * Runs shutdown once on SIGINT/SIGTERM: stop taking requests, let in-flight work finish, relay the
 * outbox, close the database. A second Ctrl-C (SIGINT) exits at once; a SIGTERM during the stop
 * changes nothing — Ctrl-C of `start:distributed` reaches every child from the terminal and then
 * again as the runner's SIGTERM, which must not cut the drain short.
 */
export function onShutdown(logger: Runtime['logger'], shutdown: () => Promise<void>): void {
  let stopping = false;
  const handle = (signal: NodeJS.Signals) => {
    if (stopping) {
      if (signal === 'SIGINT') process.exit(130);
      return;
    }
    stopping = true;
    logger.info({ signal }, 'shutting down');
    shutdown()
      .then(() => stopTelemetry())
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGINT', handle);
  process.on('SIGTERM', handle);
}

/** main.ts of a service in distributed mode: validate env, build the ports, migrate, listen. */
export async function runServiceProcess(definition: ServiceDefinition): Promise<void> {
  // Every variable of the process and of the service is checked before anything starts.
  loadConfig(withServiceEnv(serviceEnvSchema, [definition]));
  // Identity from the gateway is checked with a key derived from the shared secret.
  try {
    assertInternalSecret();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  const env = loadConfig(serviceEnvSchema);
  const runtime = await createRuntime(env, definition.name);
  const service = await startService(definition, runtime);
  const server = await listen(service.express, env.PORT, env.HOST);
  runtime.logger.info(
    { host: env.HOST, port: boundPort(server) },
    `${definition.name} listening on ${env.HOST}:${boundPort(server)}`,
  );
  onShutdown(runtime.logger, async () => {
    await closeServer(server, env.SHUTDOWN_DRAIN_MS);
    await service.close();
    await runtime.close();
  });
}
