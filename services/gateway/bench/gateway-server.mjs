// One server of the gateway bench, in a process of its own (so the load generator does not share
// its event loop). argv[2]: `bare` (express answering the product JSON), `chain` (a minimal express
// proxy to argv[3]: the two-hop floor), `embedded` (the full gateway, the same handler in process,
// memory bus and limiter) or `distributed` (the full gateway proxying over HTTP to argv[3], Redis
// bus and limiter). Prints one JSON line: { url, token }.
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const require = createRequire(path.join(root, 'package.json'));
const express = require('express');
const { SignJWT, exportJWK, generateKeyPair } = require('jose');
const platform = require('@pt/platform');
const gateway = require('@pt/gateway');

const mode = process.argv[2];

/** What the catalog answers for a products_cache hit (ProductResponse), about 1.5 KB. */
const PRODUCT = {
  product: {
    id: 'v1|110553301234|0',
    title: 'Wireless Noise Cancelling Over-Ear Headphones, 40h Battery, Bluetooth 5.3',
    description: 'Comfortable over-ear headphones with active noise cancelling and a USB-C charger.',
    price: { amount: 89.99, currency: 'USD', formattedPrice: '$89.99' },
    currency: 'USD',
    originalPrice: { amount: 129.99, currency: 'USD', formattedPrice: '$129.99' },
    imageUrl: 'https://i.ebayimg.com/images/g/abc/s-l500.jpg',
    images: [
      'https://i.ebayimg.com/images/g/abc/s-l500.jpg',
      'https://i.ebayimg.com/images/g/def/s-l500.jpg',
    ],
    url: 'https://www.ebay.com/itm/110553301234',
    marketplace: 'ebay',
    marketplaceName: 'eBay',
    rating: 4.6,
    reviewCount: 1284,
    seller: { name: 'audio-outlet', rating: 99.2, feedbackCount: 48211 },
    shipping: { price: 0, formattedPrice: 'Free', isFree: true },
    freeShipping: true,
    availability: 'in_stock',
    features: ['Active noise cancelling', '40 hour battery', 'Bluetooth 5.3', 'USB-C fast charge'],
    specifications: { Brand: 'Acme', Model: 'AX-40', Color: 'Black', Connectivity: 'Bluetooth' },
    categories: ['Electronics', 'Headphones'],
    condition: 'New',
    lastUpdated: '2026-11-24T10:00:00.000Z',
    isSponsored: false,
  },
  source: 'cache',
};

function productApp() {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.get('/api/v1/products/:id', (_req, res) => res.json(PRODUCT));
  return app;
}

const print = (info) => process.stdout.write(`${JSON.stringify(info)}\n`);
const stdinClosed = new Promise((resolve) => process.stdin.on('end', resolve).resume());

if (mode === 'bare') {
  const server = await platform.listen(productApp(), 0, '127.0.0.1');
  print({ url: `http://127.0.0.1:${server.address().port}` });
  await stdinClosed;
  await platform.closeServer(server);
  process.exit(0);
}

if (mode === 'chain') {
  // What a competent hand-written proxy does and no more: keep-alive upstream sockets, the
  // request's headers minus the hop-by-hop ones, bodies streamed both ways untouched.
  const target = new URL(process.argv[3]);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const hopByHop = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade']);
  const strip = (headers) => {
    const out = {};
    for (const name in headers) if (!hopByHop.has(name)) out[name] = headers[name];
    return out;
  };
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use((req, res) => {
    const upstream = http.request(
      {
        hostname: target.hostname,
        port: target.port,
        method: req.method,
        path: req.originalUrl,
        headers: { ...strip(req.headers), host: target.host },
        agent,
      },
      (answer) => {
        res.writeHead(answer.statusCode, strip(answer.headers));
        answer.pipe(res);
      },
    );
    upstream.on('error', () => (res.headersSent ? res.destroy() : res.sendStatus(502)));
    req.pipe(upstream);
  });
  const server = await platform.listen(app, 0, '127.0.0.1');
  print({ url: `http://127.0.0.1:${server.address().port}` });
  await stdinClosed;
  await platform.closeServer(server);
  process.exit(0);
}

// The full gateway: real ES256 tokens checked against a JWKS, request logs shipped on the bus,
// the general rate limit per address and per user (limits too high to refuse, but counted).
const { publicKey, privateKey } = await generateKeyPair('ES256');
const jwk = { ...(await exportJWK(publicKey)), kid: 'bench', alg: 'ES256', use: 'sig' };
const jwks = http.createServer((_req, res) => res.end(JSON.stringify({ keys: [jwk] })));
await new Promise((resolve) => jwks.listen(0, '127.0.0.1', resolve));
const token = await new SignJWT({ role: 'user', email: 'bench@example.com' })
  .setProtectedHeader({ alg: 'ES256', kid: 'bench' })
  .setSubject('bench-user')
  .setIssuer(platform.DEFAULT_JWT_ISSUER)
  .setAudience(platform.ACCESS_TOKEN_AUDIENCE)
  .setExpirationTime('1h')
  .sign(privateKey);

const logger = platform.createLogger({ service: 'gateway-bench', level: 'warn' });
const distributed = mode === 'distributed';
const prefix = `bench:${randomUUID()}`;
const bus = distributed
  ? new platform.RedisStreamsEventBus({ url: process.env.REDIS_URL, prefix: `${prefix}:events` })
  : new platform.MemoryEventBus();
const rateLimiter = distributed
  ? new platform.RedisRateLimiter(process.env.REDIS_URL, `${prefix}:ratelimit`)
  : new platform.MemoryRateLimiter();
const edge = await gateway.GatewayEdge.start({
  logger,
  bus,
  rateLimiter,
  config: { GATEWAY_RATE_LIMIT_IP_PER_MINUTE: 1e9, GATEWAY_RATE_LIMIT_USER_PER_MINUTE: 1e9 },
});
const missing = (_req, res) => res.sendStatus(502);
const targets = Object.fromEntries(gateway.SERVICE_NAMES.map((name) => [name, missing]));
targets.catalog = distributed ? gateway.proxyTo(process.argv[3]) : productApp();
const app = gateway.createGatewayApp({
  logger,
  edge,
  targets,
  auth: {
    verifier: gateway.createAccessTokenVerifier({
      jwksUrl: `http://127.0.0.1:${jwks.address().port}/jwks.json`,
    }),
  },
});
const server = await platform.listen(app, 0, '127.0.0.1');
print({ url: `http://127.0.0.1:${server.address().port}`, token });
await stdinClosed;
await edge.close();
await platform.closeServer(server);
jwks.close();
await rateLimiter.close();
await bus.close();
process.exit(0);
