import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { Server } from 'node:http';
import type { RequestHandler } from 'express';
import { Topics, type AuthEmailRequestedPayload, type AuthUserChangedPayload } from '@pt/contracts';
import { createAccessTokenVerifier, createGatewayApp, SERVICE_NAMES, type ServiceName } from '@pt/gateway';
import {
  boundPort,
  closeServer,
  createRuntime,
  emailLink,
  errorBody,
  listen,
  MemoryRateLimiter,
  parseConfig,
  serviceEnvSchema,
  startService,
  type RateLimiter,
  type RunningService,
  type Runtime,
  type Subscription,
} from '@pt/platform';
import { createTestPostgres, eventually, FakeClock, type TestPostgres } from '@pt/testing';
import {
  createAuthService,
  DEFAULT_FAILURE_DELAY,
  DEFAULT_LIMITS,
  toAuthConfig,
  authConfigSchema,
  type AuthConfig,
} from '../../src';

export interface AuthHost {
  /** Gateway URL; the API is `${url}/auth/v1`. */
  url: string;
  api: string;
  /** The auth service's own port, as a distributed auth process listens: no gateway in front. */
  directApi: string;
  clock: FakeClock;
  runtime: Runtime;
  config: AuthConfig;
  /** Every `auth.email-requested`, with the link the notifier would mail (derived from linkId). */
  emails: MailedEmail[];
  userEvents: AuthUserChangedPayload[];
  /**
   * The next confirmation email to `email` not yet handed out (relayed through the outbox and the
   * bus), waiting for it if it has not arrived.
   */
  nextEmail(email: string, timeoutMs?: number): Promise<MailedEmail>;
  close(): Promise<void>;
}

/** An email request as the notifier turns it into a mail: with the full link (token included). */
export type MailedEmail = AuthEmailRequestedPayload & { link: string };

/** Configuration as the environment would give it, plus overrides. */
export function testConfig(
  overrides: Partial<AuthConfig> = {},
  env: Record<string, string> = {},
): AuthConfig {
  return {
    ...toAuthConfig(parseConfig(authConfigSchema, { AUTH_SITE_URL: 'http://site.test', ...env })),
    limits: DEFAULT_LIMITS,
    // The production curve (0.5 s doubling to 10 s) scaled down, so tests stay quick.
    failureDelay: { ...DEFAULT_FAILURE_DELAY, baseMs: 40, maxMs: 320 },
    ...overrides,
  };
}

const notHere: RequestHandler = (_req, res) => {
  res.status(404).json(errorBody('not_found', 'not part of this test host'));
};

/**
 * The auth service on a fresh Postgres database, behind the real gateway (JWT verification and
 * header stripping on), with a fake clock and in-memory rate limits.
 */
export async function startAuthHost(
  options: {
    config?: AuthConfig;
    extraTargets?: Partial<Record<ServiceName, RequestHandler>>;
    /** Instead of the in-memory limiter on the fake clock, e.g. Redis's (distributed mode). */
    rateLimiter?: (clock: FakeClock) => RateLimiter;
  } = {},
): Promise<AuthHost> {
  const pg: TestPostgres = await createTestPostgres();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'auth-test-'));
  const env = parseConfig(serviceEnvSchema, {
    DATABASE_URL: pg.url,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
  });
  const base = await createRuntime(env, 'auth-test');
  const clock = new FakeClock(Date.now());
  const rateLimiter = options.rateLimiter?.(clock) ?? new MemoryRateLimiter(() => clock.now().getTime());
  const runtime: Runtime = { ...base, clock, rateLimiter };
  const config = options.config ?? testConfig();
  let service: RunningService | undefined;
  let server: Server | undefined;
  let direct: Server | undefined;
  const subscriptions: Subscription[] = [];
  try {
    service = await startService(createAuthService({ config }), runtime);
    const targets = Object.fromEntries(
      SERVICE_NAMES.map((name) => [name, options.extraTargets?.[name] ?? notHere]),
    ) as Record<ServiceName, RequestHandler>;
    targets.auth = service.express;
    const gateway = createGatewayApp({
      logger: runtime.logger,
      targets,
      auth: {
        verifier: createAccessTokenVerifier({
          jwksUrl: () => `http://127.0.0.1:${boundPort(server as Server)}/auth/v1/.well-known/jwks.json`,
        }),
      },
    });
    server = await listen(gateway, 0, '127.0.0.1');
    direct = await listen(service.express, 0, '127.0.0.1');
  } catch (error) {
    if (server) await closeServer(server);
    await service?.close();
    await base.close();
    await pg.drop();
    throw error;
  }
  const emails: MailedEmail[] = [];
  const userEvents: AuthUserChangedPayload[] = [];
  const waiters = new Set<() => void>();
  const handedOut = new Map<string, number>();
  subscriptions.push(
    await runtime.bus.subscribe(Topics.authEmailRequested, 'test', async (envelope) => {
      const payload = envelope.payload as AuthEmailRequestedPayload;
      const link = payload.linkUrl && payload.linkId ? emailLink(payload.linkUrl, payload.linkId) : '';
      emails.push({ ...payload, link });
      for (const wake of waiters) wake();
    }),
    await runtime.bus.subscribe(Topics.authUserChanged, 'test', async (envelope) => {
      userEvents.push(envelope.payload as AuthUserChangedPayload);
    }),
  );
  const url = `http://127.0.0.1:${boundPort(server)}`;
  const running = service;
  const listening = server;
  const listeningDirect = direct as Server;
  return {
    url,
    api: `${url}/auth/v1`,
    directApi: `http://127.0.0.1:${boundPort(listeningDirect)}/auth/v1`,
    clock,
    runtime,
    config,
    emails,
    userEvents,
    nextEmail(email, timeoutMs = 10_000) {
      // Emails are handed out in order per address, each once: the relay may deliver an email
      // before the caller asks for it, so "next" cannot mean "after this call".
      const index = handedOut.get(email) ?? 0;
      handedOut.set(email, index + 1);
      return new Promise((resolve, reject) => {
        const check = () => {
          const mine = emails.filter((e) => e.email === email);
          if (mine.length > index) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(mine[index] as MailedEmail);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no email number ${index + 1} to ${email} within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    async close() {
      await closeServer(listening);
      await closeServer(listeningDirect);
      for (const subscription of subscriptions) await subscription.close();
      await running.close();
      if (options.rateLimiter) await rateLimiter.close();
      await base.close();
      await pg.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** GET /auth/v1/verify as a client that links to it directly would build it. */
export function directVerifyLink(
  host: Pick<AuthHost, 'api'>,
  token: string,
  type: string,
  redirectTo?: string,
): string {
  const url = new URL(`${host.api}/verify`);
  url.searchParams.set('token', token);
  url.searchParams.set('type', type);
  if (redirectTo) url.searchParams.set('redirect_to', redirectTo);
  return url.toString();
}

/** The token in a confirmation link. */
export function tokenOf(link: string): string {
  const token = new URL(link).searchParams.get('token');
  if (!token) throw new Error(`no token in ${link}`);
  return token;
}

export interface JsonResponse<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: T;
}

/** fetch with JSON in and out; never follows redirects. */
export async function call<T = Record<string, any>>( // eslint-disable-line @typescript-eslint/no-explicit-any
  method: string,
  url: string,
  options: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
): Promise<JsonResponse<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const res = await fetch(url, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    redirect: 'manual',
  });
  const text = await res.text();
  let body: unknown = {};
  if (text && res.headers.get('content-type')?.includes('json')) body = JSON.parse(text);
  return { status: res.status, headers: res.headers, body: body as T };
}

/**
 * A request with headers fetch will not send (Host) and a raw body; JSON answers are parsed.
 * Never follows redirects.
 */
export function rawCall<T = Record<string, any>>( // eslint-disable-line @typescript-eslint/no-explicit-any
  method: string,
  url: string,
  options: { headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: T }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers: options.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const json = text && String(res.headers['content-type']).includes('json');
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: (json ? JSON.parse(text) : {}) as T,
        });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

/** Polls until the condition holds (events arrive through the outbox relay, asynchronously). */
export async function waitFor(predicate: () => boolean, timeoutMs = 15_000): Promise<void> {
  await eventually(predicate, { timeoutMs });
}
