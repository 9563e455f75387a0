import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { embeddedEnvSchema, startEmbedded, type EmbeddedHost } from '@pt/all-in-one';
import { API_ROUTES, type ApiRoute } from '@pt/contracts';
import { MAX_INPUT_DEPTH, parseConfig } from '@pt/platform';
import {
  createTestPostgres,
  describeAdapter,
  gatewayClient,
  outboxMail,
  postgresAvailability,
  signedIn,
  type TestPostgres,
} from '@pt/testing';
import type { z } from 'zod';

/**
 * Malformed text — U+0000, lone surrogates (also as `\ud800` escapes that JSON.parse
 * turns into one), nesting thousands of levels deep — is refused at the edge of every service with
 * 400 and the error body, instead of reaching Postgres or JSON.stringify as a 500 (or a 503 asking
 * the client to retry what can never succeed). The embedded host on a real Postgres and Redis.
 */

const DEEP = 5000;
const deepArray = '['.repeat(DEEP) + ']'.repeat(DEEP);
const deepObject = '{"a":'.repeat(DEEP) + '1' + '}'.repeat(DEEP);
// Bracket nesting in a query key: 2,000 levels (6 KB) stay under Node's 16 KB header limit, which
// would answer a bare 431 before any of our code runs.
const deepQueryKey = 'a' + '[a]'.repeat(2000);

/** What the rule says about each kind of malformed input. */
const SAYS = {
  nul: /must not contain NUL characters/,
  lone: /must be well-formed Unicode/,
  deep: /must not nest deeper than 64 levels/,
};

/**
 * The rule's 400 in the two shapes of the error body: the platform's `invalid_input`, and GoTrue's
 * `validation_failed` for /auth/v1 (what auth-js knows).
 */
const refused = (route: Pick<ApiRoute, 'service'>, says: RegExp) =>
  route.service === 'auth'
    ? { code: 400, error_code: 'validation_failed', msg: expect.stringMatching(says) }
    : { error: { code: 'invalid_input', message: expect.stringMatching(says) } };

/** Any client error with the error body of its service. */
const anyClientError = (route: Pick<ApiRoute, 'service'>) =>
  route.service === 'auth'
    ? { code: expect.any(Number), error_code: expect.any(String), msg: expect.any(String) }
    : { error: expect.objectContaining({ code: expect.any(String), message: expect.any(String) }) };

describeAdapter('malformed input', 'postgres', postgresAvailability(), () => {
  let pg: TestPostgres;
  let host: EmbeddedHost;
  let dataDir: string;
  let user: string;
  let admin: string;
  let wishlistId: string;
  const logLines: string[] = [];
  const run = Date.now();
  const adminEmail = `fuzz-admin-${run}@example.com`;
  let clientIp = 0;

  beforeAll(async () => {
    pg = await createTestPostgres();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'malformed-'));
    const env = {
      DATABASE_URL: pg.url,
      REDIS_URL: process.env.REDIS_URL,
      DATA_DIR: dataDir,
      PORT: '0',
      LOG_LEVEL: 'info',
      NODE_ENV: 'test',
      ADMIN_EMAILS: adminEmail,
      GATEWAY_RATE_LIMIT_IP_PER_MINUTE: '1000000',
      GATEWAY_RATE_LIMIT_USER_PER_MINUTE: '1000000',
    };
    host = await startEmbedded(parseConfig(embeddedEnvSchema, env), env, {
      logDestination: { write: (line: string) => void logLines.push(line) },
    });
    const call = gatewayClient(() => host.url);
    const mail = outboxMail(path.join(dataDir, 'outbox'));
    user = await signedIn(call, mail, `fuzz-user-${run}@example.com`);
    admin = await signedIn(call, mail, adminEmail);
    wishlistId = (await call('GET', '/api/v1/wishlists', undefined, user)).body.defaultWishlistId as string;
  }, 120_000);
  afterAll(async () => {
    await host?.close();
    await pg?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** One request as raw text; each from its own client address, so per-IP limits never answer first. */
  async function send(method: string, url: string, body?: string, token?: string) {
    const res = await fetch(`${host.url}${url}`, {
      method,
      redirect: 'manual',
      headers: {
        'x-forwarded-for': `10.24.${(clientIp >> 8) & 255}.${clientIp++ & 255}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body,
      // A route that ignored the rule could hold the answer open (the SSE stream): fail, not hang.
      signal: AbortSignal.timeout(10_000),
    });
    const text = await res.text();
    let json: unknown = text;
    try {
      json = JSON.parse(text);
    } catch {
      // kept as text: the assertion shows it
    }
    return { status: res.status, retryAfter: res.headers.get('retry-after'), body: json };
  }

  describe('the reported cases (400, not 500 or 503)', () => {
    const monitoring = (details: string) =>
      `{"type":"error","component":"app","severity":"low","timestamp":"2025-01-01T00:00:00Z","details":${details}}`;
    const item = (productId: string, notes = '"n"') =>
      `{"productId":${productId},"title":"t","price":10,"notes":${notes}}`;
    const alert = (productId: string) => `{"productId":${productId},"marketplace":"ebay","targetPrice":5}`;
    const imported = (active: string, productId = '"ebay_123456789012"') =>
      `{"wishlists":[{"id":"w1","name":"n","items":[{"productId":${productId}}]}],"activeWishlistId":${active}}`;

    it.each([
      ['monitoring intake, NUL', '/api/v1/monitoring/events', monitoring('{"m":"a\\u0000b"}'), false],
      [
        'monitoring intake, lone surrogate',
        '/api/v1/monitoring/events',
        monitoring('{"m":"a\\ud800b"}'),
        false,
      ],
      ['monitoring intake, 5,000 deep', '/api/v1/monitoring/events', monitoring(`{"m":${deepArray}}`), false],
      ['wishlist add, lone surrogate in the id', 'items', item('"ebay_123456789012\\udc00"'), true],
      ['wishlist add, lone surrogate in a note', 'items', item('"ebay_123456789013"', '"\\udc00"'), true],
      ['wishlist add, 5,000 deep note', 'items', item('"ebay_123456789013"', deepObject), true],
      ['wishlist import, NUL', '/api/v1/wishlists/import', imported('"a\\u0000b"'), true],
      ['wishlist import, lone surrogate', '/api/v1/wishlists/import', imported('"a\\ud800"'), true],
      ['alert, NUL', '/api/v1/alerts', alert('"a\\u0000b"'), true],
      ['alert, lone surrogate', '/api/v1/alerts', alert('"a\\ud800"'), true],
    ])('%s', async (_name, url, body, signedInAs) => {
      const target = url === 'items' ? `/api/v1/wishlists/${wishlistId}/items` : url;
      const res = await send('POST', target, body, signedInAs ? user : undefined);
      expect(res).toEqual({
        status: 400,
        retryAfter: null,
        body: { error: { code: 'invalid_input', message: expect.any(String) } },
      });
    });

    it('well-formed text (astral characters as surrogate pairs) nested to the limit still passes', async () => {
      const nested =
        '['.repeat(MAX_INPUT_DEPTH - 2) + '"😀 \\ud83d\\ude00"' + ']'.repeat(MAX_INPUT_DEPTH - 2);
      const res = await send('POST', '/api/v1/monitoring/events', monitoring(`{"m":${nested}}`));
      expect(res).toEqual({ status: 202, retryAfter: null, body: { accepted: true } });
    });
  });

  describe('every route of the contracts registry', () => {
    /** A path of the route with each {param} filled: real-looking values, or `value` for all. */
    const pathOf = (route: ApiRoute, value?: string) =>
      route.path.replace(/\{([^}]+)\}/g, (_m, name: string) => {
        if (value !== undefined) return value;
        if (route.path.startsWith('/api/v1/wishlists/')) return wishlistId;
        return (
          { slug: 'electronics', marketplace: 'ebay', key: 'maintenance_mode' }[name] ??
          (route.service === 'catalog' || route.service === 'pricing' ? 'ebay_123456789012' : 'p1')
        );
      });
    const keysOf = (schema: z.ZodType | undefined, fallback: string): string[] => {
      const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
      return shape && Object.keys(shape).length > 0 ? Object.keys(shape) : [fallback];
    };
    const everyField = (route: ApiRoute, value: unknown) =>
      JSON.stringify(Object.fromEntries(keysOf(route.body, 'value').map((k) => [k, value])));

    interface Case {
      name: string;
      /** What the answer says: one of SAYS, or (path parameters, each route's own check) any 4xx. */
      says?: RegExp;
      query?: (route: ApiRoute) => string;
      body?: (route: ApiRoute) => string;
      path?: (route: ApiRoute) => string;
    }
    const CASES: Case[] = [
      { name: 'NUL in every field', says: SAYS.nul, body: (r) => everyField(r, 'a\u0000b') },
      { name: 'NUL in a key', says: SAYS.nul, body: () => '{"a\\u0000":1}' },
      { name: 'lone surrogate in every field', says: SAYS.lone, body: (r) => everyField(r, 'a\ud800') },
      { name: 'raw \\udc00 escape in the JSON text', says: SAYS.lone, body: () => '{"k":"x\\udc00"}' },
      { name: 'raw \\ud800 escape in a key', says: SAYS.lone, body: () => '{"\\ud800":1}' },
      {
        name: '5,000-deep array in a field',
        says: SAYS.deep,
        body: (r) => `{"${keysOf(r.body, 'value')[0]}":${deepArray}}`,
      },
      { name: '5,000-deep object', says: SAYS.deep, body: () => deepObject },
      {
        name: 'NUL in every query value',
        says: SAYS.nul,
        query: (r) =>
          keysOf(r.query, 'q')
            .map((k) => `${k}=a%00b`)
            .join('&'),
      },
      { name: 'NUL in a query key', says: SAYS.nul, query: () => 'a%00b=1' },
      { name: '2,000-deep query key a[a][a]…', says: SAYS.deep, query: () => `${deepQueryKey}=1` },
      { name: 'NUL in a path parameter', path: (r) => pathOf(r, 'a%00b') },
    ];

    const tokenFor = (route: ApiRoute) =>
      route.access === 'admin' ? admin : route.access === 'public' ? undefined : user;
    const rows = API_ROUTES.flatMap((route) =>
      CASES.filter((c) => (!c.body || route.method !== 'get') && (!c.path || route.path.includes('{'))).map(
        (c) => [`${route.method.toUpperCase()} ${route.path}: ${c.name}`, route, c] as const,
      ),
    );

    it('covers every route', () => {
      const covered = new Set(rows.map(([, route]) => `${route.method} ${route.path}`));
      expect(covered.size).toBe(API_ROUTES.length);
    });

    it.each(rows)('%s → 4xx with the error body', async (_name, route, c) => {
      const url = `${c.path ? c.path(route) : pathOf(route)}${c.query ? `?${c.query(route)}` : ''}`;
      const res = await send(route.method.toUpperCase(), url, c.body?.(route), tokenFor(route));
      if (c.says)
        expect({ status: res.status, body: res.body }).toEqual({ status: 400, body: refused(route, c.says) });
      else {
        expect({ clientError: res.status >= 400 && res.status < 500, body: res.body }).toEqual({
          clientError: true,
          body: anyClientError(route),
        });
      }
    });
  });

  it('logs no error and no stack for any of it', () => {
    const loud = logLines.filter((line) => {
      const entry = JSON.parse(line) as { level: number; err?: { stack?: unknown } };
      return entry.level >= 50 || entry.err?.stack !== undefined;
    });
    expect(loud).toEqual([]);
  });
});
