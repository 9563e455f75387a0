import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { eventually, waitForExit } from '@pt/testing';

const root = path.resolve(__dirname, '..', '..', '..', '..');
const ENTRY = 'services/gateway/dist/main.js';

/** A port nothing listens on: the catalog "is down". */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * The gateway's /readyz required every service's, so one service's outage took
 * the only entry point out of its Service and every other route with it. It is ready when it can
 * route; each service's state shows in /healthz. Runs the built gateway as an operator would.
 */
describe('gateway readiness (distributed gateway process)', () => {
  let services: http.Server;
  let gateway: ChildProcess | undefined;
  let url: string;

  beforeAll(async () => {
    if (!fs.existsSync(path.join(root, ENTRY)))
      throw new Error(`${ENTRY} is not built; run node scripts/build.mjs first`);
    // Five services, ready, answering every route; the catalog's URL points at nothing.
    services = http.createServer((req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(req.url === '/readyz' ? '{"status":"ready"}' : '{"served":true}');
    });
    await new Promise<void>((resolve) => services.listen(0, '127.0.0.1', resolve));
    const up = `http://127.0.0.1:${(services.address() as net.AddressInfo).port}`;
    const down = `http://127.0.0.1:${await closedPort()}`;
    const child = spawn(process.execPath, [path.join(root, ENTRY)], {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        NODE_ENV: 'test',
        INTERNAL_SECRET: 'gateway-readiness-test-secret-0123456789',
        AUTH_URL: up,
        CATALOG_URL: down,
        PRICING_URL: up,
        WISHLIST_URL: up,
        ALERT_NOTIFIER_URL: up,
        SETTINGS_URL: up,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    gateway = child;
    let output = '';
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /gateway listening on [\d.]+:(\d+)/.exec(output);
        if (match) resolve(`http://127.0.0.1:${match[1]}`);
      });
      child.once('exit', (code) => reject(new Error(`gateway exited with ${code}:\n${output}`)));
    });
  }, 60_000);

  afterAll(async () => {
    if (gateway && gateway.exitCode === null) {
      gateway.kill('SIGTERM');
      await waitForExit(gateway);
    }
    await new Promise<void>((resolve) => services?.close(() => resolve()));
  });

  it('stays ready while one service is down, routes to the others, and shows the outage in /healthz', async () => {
    const ready = await fetch(`${url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ready', service: 'gateway' });

    const settings = await fetch(`${url}/api/v1/settings/public`);
    expect(settings.status).toBe(200);
    expect(await settings.json()).toEqual({ served: true });
    expect((await fetch(`${url}/livez`)).status).toBe(200);

    const health = await eventually(async () => {
      const res = await fetch(`${url}/healthz`);
      const body = (await res.json()) as { dependencies: Record<string, { status: string }> };
      return res.status === 200 && body.dependencies.catalog ? body : undefined;
    });
    expect(health).toMatchObject({
      status: 'degraded',
      ready: true,
      dependencies: {
        catalog: { status: 'down', critical: false },
        settings: { status: 'up', critical: false },
        auth: { status: 'up', critical: false },
      },
    });
  });
});
