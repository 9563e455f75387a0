import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import express, { type RequestHandler } from 'express';
import { SignJWT } from 'jose';
import {
  ACCESS_TOKEN_AUDIENCE,
  DEFAULT_JWT_ISSUER,
  InlineJobQueue,
  RedisRateLimiter,
  RedisStreamsEventBus,
  createLogger,
  listen,
  closeServer,
  parseConfig,
  serviceEnvSchema,
  startService,
  systemClock,
  type Mailer,
  type RunningService,
  type Runtime,
} from '@pt/platform';
import { createTestPostgres, type TestPostgres } from '@pt/testing';
import { settingsService } from '@pt/settings';
import { startJwksServer } from './jwks-server';
import {
  GatewayEdge,
  SERVICE_NAMES,
  createAccessTokenVerifier,
  createGatewayApp,
  type GatewayPolicyEnv,
  type OutboxReader,
  type ServiceName,
} from '../../src';

const noMail: Mailer = {
  kind: 'file',
  send: () => Promise.reject(new Error('no mail here')),
  ping: () => Promise.resolve(),
  close: () => Promise.resolve(),
};

/** A stand-in catalog: answers like a service would, so the gateway's work is what is measured. */
export function stubCatalog(): RequestHandler {
  const app = express();
  app.disable('x-powered-by');
  app.get('/api/v1/products/boom', (_req, res) => {
    res.status(500).json({ error: { code: 'internal_error', message: 'boom' } });
  });
  app.get('/api/v1/products/:id', (req, res) => {
    res.json({ id: req.params.id, title: `Product ${req.params.id}`, price: 9.99 });
  });
  app.use((_req, res) => {
    res.status(404).json({ error: { code: 'not_found', message: 'No route' } });
  });
  return app;
}

export interface GatewayRig {
  url: string;
  pg: TestPostgres;
  runtime: Runtime;
  settings: RunningService;
  edge: GatewayEdge;
  /** A valid access token for a user of that role, signed by the rig's key (served as JWKS). */
  token(role: 'admin' | 'user', id?: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * The gateway in front of the real settings service, on real Postgres (a database of its own) and
 * Redis (bus and rate limits under prefixes of their own). Tokens are real ES256 JWTs checked
 * against a JWKS the rig serves, so the role comes from a verified token as in production.
 */
export async function startGatewayRig(
  config: Partial<GatewayPolicyEnv> = {},
  {
    webDist,
    settingsEnv = {},
    outbox,
  }: { webDist?: string; settingsEnv?: Record<string, string>; outbox?: OutboxReader } = {},
): Promise<GatewayRig> {
  const redisUrl = process.env.REDIS_URL as string;
  const prefix = `test:${randomUUID()}`;
  const pg = await createTestPostgres();
  const rawEnv = { LOG_LEVEL: 'silent', NODE_ENV: 'test', DATABASE_URL: pg.url, ...settingsEnv };
  const bus = new RedisStreamsEventBus({ url: redisUrl, prefix: `${prefix}:events` });
  const rateLimiter = new RedisRateLimiter(redisUrl, `${prefix}:ratelimit`);
  const queue = new InlineJobQueue();
  const logger = createLogger({ service: 'gateway-test', level: 'silent' });
  const runtime: Runtime = {
    env: parseConfig(serviceEnvSchema, rawEnv),
    rawEnv,
    logger,
    db: pg.db,
    bus,
    queue,
    mailer: noMail,
    rateLimiter,
    clock: systemClock,
    async close() {
      await queue.close();
      await bus.close();
      await rateLimiter.close();
    },
  };
  const settings = await startService(settingsService, runtime);

  const jwks = await startJwksServer();

  const missing: RequestHandler = (_req, res) => {
    res.status(502).json({ error: { code: 'service_unavailable', message: 'not in this rig' } });
  };
  const targets = Object.fromEntries(SERVICE_NAMES.map((name) => [name, missing])) as Record<
    ServiceName,
    RequestHandler
  >;
  targets.settings = settings.express;
  targets.catalog = stubCatalog();

  const edge = await GatewayEdge.start({ logger, bus, rateLimiter, config });
  const app = createGatewayApp({
    logger,
    edge,
    targets,
    webDist,
    outbox,
    auth: {
      verifier: createAccessTokenVerifier({ jwksUrl: jwks.url }),
    },
  });
  const server = await listen(app, 0);
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    pg,
    runtime,
    settings,
    edge,
    token: (role, id = `${role}-${randomUUID()}`) =>
      new SignJWT({ role, email: `${id}@example.com` })
        .setProtectedHeader({ alg: 'ES256', kid: jwks.kid })
        .setSubject(id)
        .setIssuer(DEFAULT_JWT_ISSUER)
        .setAudience(ACCESS_TOKEN_AUDIENCE)
        .setIssuedAt()
        .setExpirationTime('10m')
        .sign(jwks.privateKey),
    async close() {
      await edge.close();
      await closeServer(server);
      await jwks.close();
      await settings.close();
      await runtime.close();
      await pg.drop();
    },
  };
}
