import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  DISTRIBUTED_SERVICES,
  eventually,
  processesInGroup,
  startDistributedHost,
  waitForExit,
  type DistributedHost,
} from '@pt/testing';
import { chaosUnavailableReason, OwnPostgres, OwnRedis } from './infra';
import { KeepAliveLoad, UNLIMITED_CLIENT } from './load';

/**
 * SIGTERM of `npm run start:distributed` while clients held keep-alive
 * connections never completed — the gateway answered 3,601 more requests on its open connections
 * for 96 s and every child stayed up until the clients stopped. A stop is now bounded: the gateway
 * answers what is in flight with `Connection: close` and closes every connection by its drain
 * deadline; the runner stops the rest in stages, killing any stage that outlives its bound.
 */
// Short, so the test is; the default (10 s) only moves the bound.
const DRAIN_MS = 4_000;
/** The stages after the gateway: each relays its outbox and closes its connections. */
const AFTER_DRAIN_MS = 20_000;
const PATHS = ['/api/v1/settings/public', '/api/v1/categories'];
const PROCESSES = ['gateway', ...DISTRIBUTED_SERVICES, 'pricing-worker'];

const progress = (line: string) => process.stderr.write(`[chaos] ${line}\n`);

const unavailable = chaosUnavailableReason();
const describeChaos = unavailable ? describe.skip : describe;

describeChaos(`a stop under keep-alive load${unavailable ? ` skipped: ${unavailable}` : ''}`, () => {
  let pg: OwnPostgres;
  let redis: OwnRedis;
  let dataDir: string;
  let host: DistributedHost | undefined;

  beforeAll(async () => {
    pg = await OwnPostgres.start();
    redis = await OwnRedis.start();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pt-chaos-stop-'));
    host = await startDistributedHost({
      DATABASE_URL: pg.url,
      REDIS_URL: redis.url,
      EVENT_BUS: 'redis',
      DATA_DIR: dataDir,
      SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
      // The load comes from one address; the per-client limits are not what is under test.
      ...UNLIMITED_CLIENT,
    });
  }, 200_000);

  afterAll(async () => {
    await host?.stop();
    await redis?.destroy();
    await pg?.destroy();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('SIGTERM: every process exits by itself within the drain bound; no answer is cut', async () => {
    const launcher = host!.launcher;
    const group = launcher.pid!;
    const before = processesInGroup(group);
    // The runner, the demo marketplaces, six services, the pricing worker and the gateway.
    expect(before.length).toBeGreaterThanOrEqual(10);
    const load = new KeepAliveLoad(host!.base, PATHS, 4);
    load.start();
    try {
      await eventually(() => load.count('complete') >= 40, {
        timeoutMs: 30_000,
        what: 'keep-alive clients answered through the gateway',
      });
      const answeredBefore = load.count('complete');
      const stopAt = Date.now();
      progress(`SIGTERM under load (${load.summary()})`);
      launcher.kill('SIGTERM');
      await eventually(() => processesInGroup(group).length === 0, {
        timeoutMs: DRAIN_MS + AFTER_DRAIN_MS,
        everyMs: 100,
        what: 'every process of the mode to exit',
      }).catch((error: Error) => {
        throw new Error(`${error.message} (${load.summary()})\n${host!.output().slice(-3000)}`);
      });
      const stoppedMs = Date.now() - stopAt;
      progress(`every process gone in ${stoppedMs} ms (${load.summary()})`);
      expect((await waitForExit(launcher)).code).toBe(0);
      await load.stop();

      expect(stoppedMs).toBeLessThan(DRAIN_MS + AFTER_DRAIN_MS);
      expect(load.answers.filter((a) => a.kind === 'cut')).toEqual([]);
      // Every answer whole and successful, those in flight at the SIGTERM included.
      expect(load.answers.filter((a) => a.kind === 'complete' && a.status !== 200)).toEqual([]);
      // The clients were refused in the end, not left holding connections.
      expect(load.count('refused')).toBe(4);
      expect(load.count('complete')).toBeGreaterThanOrEqual(answeredBefore);
      // Each process stopped on its own (code 0), none had to be killed at the runner's bound.
      const output = host!.output();
      expect(output).not.toMatch(/killing it/);
      for (const name of [...PROCESSES, 'demo-marketplaces'])
        expect([name, new RegExp(`\\[${name}\\] stopped \\(code 0\\)`).test(output)]).toEqual([name, true]);
      const gateway = /\[gateway\] stopped \(code 0\) in (\d+) ms/.exec(output);
      expect(gateway).not.toBeNull();
      // The gateway's drain ends by its deadline; its own clean-up is quick.
      expect(Number(gateway![1])).toBeLessThan(DRAIN_MS + 5_000);
    } finally {
      await load.stop();
    }
  }, 90_000);
});
