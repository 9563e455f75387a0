import { execFileSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Redis from 'ioredis';
import {
  createTestPostgres,
  eventually,
  freePortRange,
  postgresAvailability,
  redisAvailability,
  repoRoot,
  waitForExit,
  type TestPostgres,
} from '@pt/testing';
import { DISTRIBUTED_PROCESSES } from '../../src/processes';
import { readEnvFile } from '../deploy/manifests';
import { buildUnavailableReason, ImageBuild } from './build-without-engine';
import { readDockerfile } from './dockerfile';
import { directoryBytes, megabytes, serviceFootprint } from './pruned-size';

const reason =
  buildUnavailableReason() ?? [postgresAvailability(), redisAvailability()].find((a) => !a.available)?.reason;
const describeIfPossible = reason ? describe.skip : describe;
const RUNTIME = 'runtime';
// The queues, streams and limits of this drill in a Redis database of their own, emptied after it.
const REDIS_DB = 11;

/**
 * The image builds where a container engine exists. Without one here, the drill
 * carries out deploy/Dockerfile's own lines (build-without-engine.ts) on a fresh clone of the
 * repository, then runs the pruned output as the image would (NODE_ENV=production from its ENV, as
 * its USER, through its ENTRYPOINT): the migrate command against Postgres, then every long-running
 * entry point, each of which must answer /readyz.
 */
describeIfPossible(
  `the image's build steps without a container engine (deploy/Dockerfile)${reason ? ` skipped: ${reason}` : ''}`,
  () => {
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'pt-image-'));
    const context = path.join(work, 'context');
    let build: ImageBuild;
    let pg: TestPostgres;
    let appRoot = '';
    const started: ChildProcess[] = [];
    const output = new Map<string, string>();

    /** The documented production environment (.env.example), as compose would pass it. */
    function productionEnv(): Record<string, string> {
      const documented = Object.fromEntries(
        Object.entries(readEnvFile(path.join(context, '.env.example'))).filter(([, v]) => v !== ''),
      );
      return {
        ...documented,
        // The drill's own: loopback only (the image's 0.0.0.0 is for a container's network).
        HOST: '127.0.0.1',
        DATABASE_URL: pg.url,
        REDIS_URL: `${process.env.REDIS_URL}/${REDIS_DB}`,
        EVENT_BUS: 'redis',
        LOG_LEVEL: 'warn',
        AUTH_PASSWORD_PEPPER: randomBytes(32).toString('base64'),
        INTERNAL_SECRET: randomBytes(32).toString('base64url'),
        AUTH_KEY_ENCRYPTION_KEY: randomBytes(32).toString('base64url'),
        ALERT_UNSUBSCRIBE_SECRET: randomBytes(32).toString('base64url'),
      };
    }

    function run(name: string, args: string[], env: Record<string, string>): ChildProcess {
      const child = build.start(RUNTIME, args, env);
      started.push(child);
      const keep = (chunk: Buffer) =>
        output.set(name, ((output.get(name) ?? '') + chunk.toString()).slice(-6000));
      child.stdout?.on('data', keep);
      child.stderr?.on('data', keep);
      return child;
    }

    beforeAll(async () => {
      execFileSync('git', ['clone', '--quiet', '--no-hardlinks', repoRoot, context]);
      build = new ImageBuild(context, path.join(work, 'build'));
      await build.build(readDockerfile(path.join(context, 'deploy', 'Dockerfile')));
      appRoot = build.hostPath(RUNTIME, '/app');
      pg = await createTestPostgres();
      const seconds = build.log.reduce((sum, step) => sum + step.seconds, 0);
      console.log(
        `image steps (${seconds.toFixed(0)} s):\n${build.log
          .filter((step) => step.seconds >= 1)
          .map((step) => `  ${step.stage}: ${step.instruction} — ${step.seconds.toFixed(1)} s`)
          .join('\n')}`,
      );
    }, 20 * 60_000);

    afterAll(async () => {
      for (const child of started)
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await Promise.all(started.map((child) => waitForExit(child)));
      await pg?.drop();
      const redis = new Redis(`${process.env.REDIS_URL}/${REDIS_DB}`);
      await redis.flushdb();
      redis.disconnect();
      build?.cleanUp();
      fs.rmSync(work, { recursive: true, force: true });
    }, 60_000);

    it('the pruned output holds compiled code, migrations and the web build, no sources or dev-only packages', () => {
      for (const name of [...DISTRIBUTED_PROCESSES.filter((p) => p !== 'pricing-worker'), 'all-in-one'])
        expect(fs.existsSync(path.join(appRoot, 'services', name, 'dist', 'main.js'))).toBe(true);
      expect(fs.existsSync(path.join(appRoot, 'services', 'auth', 'migrations'))).toBe(true);
      expect(fs.existsSync(path.join(appRoot, 'web', 'dist', 'index.html'))).toBe(true);
      for (const absent of [
        'services/auth/src',
        'services/all-in-one/test',
        'libs/testing',
        'node_modules/@pt/testing',
        'node_modules/playwright-core',
        'node_modules/jest',
        'node_modules/eslint',
        'node_modules/@swc/core',
      ]) {
        expect({ path: absent, present: fs.existsSync(path.join(appRoot, absent)) }).toEqual({
          path: absent,
          present: false,
        });
      }
      // `chown node:node /app/.data`: the one place the non-root runtime may write.
      expect(fs.statSync(path.join(appRoot, '.data')).uid).toBe(1000);
    });

    it('reports the pruned output per service', () => {
      const total = directoryBytes(appRoot);
      const rows = [...DISTRIBUTED_PROCESSES.filter((p) => p !== 'pricing-worker'), 'all-in-one'].map(
        (service) => serviceFootprint(appRoot, service),
      );
      console.log(
        [
          `pruned output: ${megabytes(total)} in all, node_modules ${megabytes(directoryBytes(path.join(appRoot, 'node_modules')))}, web/dist ${megabytes(directoryBytes(path.join(appRoot, 'web', 'dist')))}`,
          'per service (own dist+migrations / @pt libraries / npm dependency closure = total):',
          ...rows.map(
            (r) =>
              `  ${r.service.padEnd(15)} ${megabytes(r.ownBytes)} / ${megabytes(r.libraryBytes)} / ${megabytes(r.dependencyBytes)} (${r.dependencyCount} packages) = ${megabytes(r.ownBytes + r.libraryBytes + r.dependencyBytes)}`,
          ),
        ].join('\n'),
      );
      for (const row of rows) {
        expect(row.ownBytes).toBeGreaterThan(0);
        expect(row.libraryBytes).toBeGreaterThan(0);
        expect(row.dependencyCount).toBeGreaterThan(0);
        expect(row.ownBytes + row.libraryBytes + row.dependencyBytes).toBeLessThan(total);
      }
    });

    it('the migrate command runs against Postgres with NODE_ENV=production, twice without harm', async () => {
      expect(build.runtime(RUNTIME).env.NODE_ENV).toBe('production');
      for (const attempt of [1, 2]) {
        const child = run(`migrate-${attempt}`, ['migrate'], productionEnv());
        const exit = await waitForExit(child);
        expect({ attempt, ...exit, output: exit.code === 0 ? '' : output.get(`migrate-${attempt}`) }).toEqual(
          {
            attempt,
            code: 0,
            signal: null,
            output: '',
          },
        );
      }
      const { rows } = await pg.db.query<{ schema_name: string }>(
        `SELECT schema_name FROM information_schema.schemata WHERE schema_name IN ('auth', 'catalog', 'pricing')`,
      );
      expect(rows.map((r) => r.schema_name).sort()).toEqual(['auth', 'catalog', 'pricing']);
    }, 120_000);

    it('every entry point of the image answers /readyz, as the image USER', async () => {
      const names = [...DISTRIBUTED_PROCESSES, 'all-in-one'] as const;
      const firstPort = await freePortRange(names.length);
      const portOf = (name: string) => firstPort + names.indexOf(name as (typeof names)[number]);
      const url = (name: string) => `http://127.0.0.1:${portOf(name)}`;
      const serviceUrls = {
        AUTH_URL: url('auth'),
        CATALOG_URL: url('catalog'),
        PRICING_URL: url('pricing'),
        WISHLIST_URL: url('wishlist'),
        ALERT_NOTIFIER_URL: url('alert-notifier'),
        SETTINGS_URL: url('settings'),
      };
      const env = { ...productionEnv(), ...serviceUrls };
      for (const name of names) {
        const own: Record<string, string> =
          name === 'all-in-one'
            ? // The embedded host on the image's defaults: PGlite under DATA_DIR (/app/.data).
              { DATABASE_URL: '', REDIS_URL: '', EVENT_BUS: 'memory' }
            : {};
        run(name, [name], { ...env, ...own, PORT: String(portOf(name)) });
      }
      const user = build.runtime(RUNTIME).user;
      let notReady: (readonly [string, number | string])[] = [];
      const ready = await eventually(
        async () => {
          const answers = await Promise.all(
            names.map(async (name) => {
              try {
                return [name, (await fetch(`${url(name)}/readyz`)).status] as const;
              } catch {
                return [name, 'refused'] as const;
              }
            }),
          );
          notReady = answers.filter(([, status]) => status !== 200);
          // A process that exited will never answer: stop waiting and show why.
          return notReady.length === 0 || started.some((c) => c.exitCode !== null && c.exitCode !== 0);
        },
        { timeoutMs: 150_000, everyMs: 1000, what: 'every entry point ready' },
      ).catch(() => false);
      expect({
        ready,
        notReady: notReady.map(([name, status]) => `${name}: ${status} ${output.get(name) ?? ''}`),
      }).toEqual({ ready: true, notReady: [] });
      expect(user).toBe('node');
      // The processes run as the image's user, not root.
      for (const child of started.filter((c) => c.exitCode === null)) {
        const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
        expect(/^Uid:\s+(\d+)/m.exec(status)?.[1]).toBe('1000');
      }
    }, 200_000);
  },
);
