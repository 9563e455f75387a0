import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGliteDatabase } from '@pt/platform';
import { startHostProcess, waitForExit as exited } from '@pt/testing';

const root = path.resolve(__dirname, '..', '..', '..', '..');

// A first start creates the PGlite data directory (initdb, ~8 CPU-seconds); on a busy CI machine
// the wall time is several times that, so the ceiling is generous.
const start = (args: string[], dataDir: string) => startHostProcess(args, { DATA_DIR: dataDir }, 150_000);

describe('embedded host (npm start)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'embedded-'));
  const children: ChildProcess[] = [];

  afterAll(() => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts with no external service, answers health, readiness and the web page, and stops on Ctrl-C', async () => {
    const started = Date.now();
    const host = await start(['scripts/start.mjs'], dataDir);
    children.push(host.child);
    expect(Date.now() - started).toBeLessThan(150_000);

    expect((await fetch(`${host.url}/livez`)).status).toBe(200);
    // Readiness counts what the host cannot serve without (its database); the
    // in-process bus, queue and mailer are reported by /healthz.
    const ready = await fetch(`${host.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({
      status: 'ready',
      service: 'gateway',
      checks: { database: { status: 'ok' } },
    });
    const health = await fetch(`${host.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({
      status: 'ok',
      ready: true,
      dependencies: {
        database: { status: 'up', critical: true },
        eventBus: { status: 'up', critical: false },
        jobQueue: { status: 'up', critical: false },
        mailer: { status: 'up', critical: false },
      },
    });
    const page = await fetch(`${host.url}/`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root"></div>');
    const deepLink = await fetch(`${host.url}/product/123`, { headers: { accept: 'text/html' } });
    expect(await deepLink.text()).toContain('<div id="root"></div>');

    host.child.kill('SIGINT');
    expect(await exited(host.child)).toEqual({ code: 0, signal: null });
  }, 240_000);

  it('opens the same data after kill -9, without re-applying migrations', async () => {
    const main = path.join(root, 'services/all-in-one/dist/main.js');
    const first = await start([main], dataDir);
    children.push(first.child);
    first.child.kill('SIGKILL');
    await exited(first.child);

    const second = await start([main], dataDir);
    children.push(second.child);
    expect((await fetch(`${second.url}/readyz`)).status).toBe(200);
    second.child.kill('SIGTERM');
    expect((await exited(second.child)).code).toBe(0);

    const db = await PGliteDatabase.open(path.join(dataDir, 'pglite'));
    try {
      const { rows } = await db.query<{ name: string }>(
        'SELECT name FROM settings.schema_migrations ORDER BY name',
      );
      // Each settings migration once: the second start applied none again.
      const files = fs
        .readdirSync(path.join(root, 'services', 'settings', 'migrations'))
        .filter((f) => f.endsWith('.sql'))
        .sort();
      expect(files.length).toBeGreaterThanOrEqual(3);
      expect(rows.map((r) => r.name)).toEqual(files);
      await expect(db.query('SELECT count(*) FROM settings.system_settings')).resolves.toBeDefined();
    } finally {
      await db.close();
    }
    // Two starts of ~4 CPU-seconds each (bench:startup): far more wall time on a busy CI machine.
  }, 360_000);
});
