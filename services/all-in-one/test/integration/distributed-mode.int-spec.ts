import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { createTestPostgres, postgresAvailability, redisAvailability, type TestPostgres } from '@pt/testing';

const root = path.resolve(__dirname, '..', '..', '..', '..');
const SERVICES = ['auth', 'catalog', 'pricing', 'wishlist', 'alert-notifier', 'settings'];

/** Consecutive free ports. */
async function freePortRange(count: number): Promise<number> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const base = 20_000 + Math.floor(Math.random() * 20_000);
    const ok = await Promise.all(
      Array.from(
        { length: count },
        (_, i) =>
          new Promise<boolean>((resolve) => {
            const server = net.createServer();
            server.once('error', () => resolve(false));
            server.listen(base + i, '127.0.0.1', () => server.close(() => resolve(true)));
          }),
      ),
    );
    if (ok.every(Boolean)) return base;
  }
  throw new Error('no free port range');
}

const missing = [postgresAvailability(), redisAvailability()].find((a) => !a.available);
const describeIfInfra = missing ? describe.skip : describe;

describeIfInfra(
  `distributed mode (npm run start:distributed)${missing ? ` skipped: ${missing.reason}` : ''}`,
  () => {
    let pg: TestPostgres;
    let child: ChildProcess | undefined;
    let output = '';

    beforeAll(async () => {
      pg = await createTestPostgres();
    });

    afterAll(async () => {
      if (child && child.exitCode === null) child.kill('SIGKILL');
      await pg.drop();
    });

    it('starts every service as its own process behind the gateway, each ready', async () => {
      // The gateway, each service, and the pricing worker after them.
      const base = await freePortRange(SERVICES.length + 2);
      child = spawn(process.execPath, ['scripts/start-distributed.mjs'], {
        cwd: root,
        env: {
          PATH: process.env.PATH ?? '',
          DATABASE_URL: pg.url,
          REDIS_URL: process.env.REDIS_URL ?? '',
          EVENT_BUS: 'redis',
          PORT: String(base),
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const proc = child;
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`not ready in 90 s:\n${output}`)), 90_000);
        const onData = (chunk: Buffer) => {
          output += chunk.toString();
          if (output.includes('is ready at')) {
            clearTimeout(timer);
            resolve();
          }
        };
        proc.stdout?.on('data', onData);
        proc.stderr?.on('data', onData);
        proc.once('exit', (code) => {
          clearTimeout(timer);
          reject(new Error(`exited with ${code}:\n${output}`));
        });
      });

      for (let i = 0; i < SERVICES.length; i++) {
        const res = await fetch(`http://127.0.0.1:${base + 1 + i}/readyz`);
        expect({ service: SERVICES[i], status: res.status }).toEqual({ service: SERVICES[i], status: 200 });
        expect(await res.json()).toMatchObject({ service: SERVICES[i], status: 'ready' });
      }
      const worker = await fetch(`http://127.0.0.1:${base + 1 + SERVICES.length}/readyz`);
      expect(worker.status).toBe(200);
      const gateway = await fetch(`http://127.0.0.1:${base}/readyz`);
      expect(gateway.status).toBe(200);
      expect(Object.keys(((await gateway.json()) as { checks: object }).checks).sort()).toEqual(
        [...SERVICES].sort(),
      );

      // Routed over HTTP: the wishlist process itself answers (its own 404 body), not the gateway.
      const proxied = await fetch(`http://127.0.0.1:${base}/api/v1/wishlists/probe`);
      expect(proxied.status).toBe(404);
      expect(((await proxied.json()) as { error: { message: string } }).error.message).toContain(
        '/api/v1/wishlists/probe',
      );

      // Issue 10 item 6: a service's own port does not take bare identity headers.
      const pricingPort = base + 1 + SERVICES.indexOf('pricing');
      const spoofed = await fetch(`http://127.0.0.1:${pricingPort}/api/v1/admin/pricing/status`, {
        headers: { 'x-user-id': 'someone', 'x-user-role': 'admin' },
      });
      expect(spoofed.status).toBe(401);

      proc.kill('SIGTERM');
      const code = await new Promise<number | null>((resolve) => proc.once('exit', resolve));
      expect(code).toBe(0);
    }, 150_000);
  },
);
