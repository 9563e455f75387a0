import { PostgresDatabase } from '@pt/platform';
import {
  DemoCatalog,
  eventually,
  gatewayClient,
  priceDropsTo,
  quietEbayListings,
  signedIn,
  sinkMail,
  startDistributedHost,
  startSmtpSink,
  type DistributedHost,
  type SmtpSink,
} from '@pt/testing';
import {
  dropToMailEnv,
  dropUnderAlert,
  priceDropDeliveries,
  priceDropMails,
  servedCalls,
  type AlertDropRig,
} from './alert-drops';
import { chaosUnavailableReason, childPidsRunning, OwnPostgres, OwnRedis } from './infra';
import { demoLookups, duplicatePriceChanges, LoadRunner, recordingGaps, type Lookup } from './load';

/**
 * The distributed mode (one process per service, Redis Streams bus, Postgres) under a
 * steady stream of lookups survives each fault by itself: 0 lost observations (every lookup
 * answered 200 is recorded), 0 duplicate snapshots, 0 duplicate price.changed, no 5xx other than
 * 503 with Retry-After, and recovery without a hand within RECOVERY_BOUND_MS. Across each fault a
 * price alert's drop travels poller → pricing → notifier → SMTP: one email, never lost, never two.
 */
// A restarted process boots in a few seconds on an idle machine; the bound leaves room for a
// loaded CI machine (two cores for nine Node processes, Postgres and Redis).
const RECOVERY_BOUND_MS = 60_000;
/** How long Redis stays down in the outage scenario (the issue's 30 s; CHAOS_REDIS_OUTAGE_MS to shorten). */
const REDIS_OUTAGE_MS = Number(process.env.CHAOS_REDIS_OUTAGE_MS ?? 30_000);
const PROCESSES = [
  'gateway',
  'auth',
  'catalog',
  'pricing',
  'wishlist',
  'alert-notifier',
  'settings',
  'pricing-worker',
];
const SCRIPTS: Record<string, string> = {
  gateway: 'services/gateway/dist/main.js',
  'pricing-worker': 'services/pricing/dist/worker.js',
};
const scriptOf = (name: string) => SCRIPTS[name] ?? `services/${name}/dist/main.js`;

/** Progress on stderr as it happens (jest prints a file's results only when it ends). */
const progress = (line: string) => process.stderr.write(`[chaos] ${line}\n`);

const unavailable = chaosUnavailableReason();
const describeChaos = unavailable ? describe.skip : describe;

describeChaos(`distributed mode under faults${unavailable ? ` skipped: ${unavailable}` : ''}`, () => {
  let pg: OwnPostgres;
  let redis: OwnRedis;
  let db: PostgresDatabase;
  let host: DistributedHost;
  const lookups: Iterator<Lookup> = demoLookups();
  const gatewayUrl = () => host.url;
  let sink: SmtpSink;
  const call = gatewayClient(gatewayUrl, '198.18.0.1');
  const shopper = 'chaos-shopper@example.com';
  const admin = 'chaos-admin@example.com';
  const tokens = { shopper: '', admin: '' };
  // The hosts' default demo seed (what demoLookups uses too); each fault takes the next listing.
  const quiet = quietEbayListings(new DemoCatalog({ seed: 'price-tracker' }));
  /** Listing keys whose alert was armed and pinned under its target, one per fault. */
  const dropped: string[] = [];
  /** Their snapshots: the first price and the pinned one (the same price again is not stored). */
  const droppedSnapshots = () => new Map(dropped.map((key) => [`ebay:${key}`, 2]));

  beforeAll(async () => {
    pg = await OwnPostgres.start();
    redis = await OwnRedis.start();
    sink = await startSmtpSink();
    host = await startDistributedHost(
      (gateway) => ({
        DATABASE_URL: pg.url,
        REDIS_URL: redis.url,
        EVENT_BUS: 'redis',
        ...dropToMailEnv(gateway, sink.url, admin),
      }),
      180_000,
    );
    db = new PostgresDatabase({ url: pg.url, max: 2, applicationName: 'chaos-test' });
    tokens.shopper = await signedIn(call, sinkMail(sink), shopper, { site: gatewayUrl() });
    tokens.admin = await signedIn(call, sinkMail(sink), admin, { site: gatewayUrl() });
  }, 300_000);

  afterAll(async () => {
    await host?.stop();
    await db?.close().catch(() => undefined);
    await sink?.close();
    await redis?.destroy();
    await pg?.destroy();
  }, 60_000);

  async function allReady(): Promise<boolean> {
    const answers = await Promise.all(
      PROCESSES.map((_, i) =>
        fetch(`http://127.0.0.1:${host.base + i}/readyz`, { signal: AbortSignal.timeout(3000) }).then(
          (r) => r.ok,
          () => false,
        ),
      ),
    );
    return answers.every(Boolean);
  }

  function pidOf(name: string): number {
    const pids = childPidsRunning(host.launcher.pid ?? -1, scriptOf(name));
    if (pids.length !== 1) throw new Error(`expected one ${name} process, found ${pids.length}`);
    return pids[0];
  }

  /** Set-up calls wait out the demo marketplaces' rate limit after the previous fault's burst. */
  const drops: AlertDropRig = {
    call,
    served: servedCalls(call, RECOVERY_BOUND_MS),
    quiet,
    tokens: () => tokens,
    snapshotTimeoutMs: 30_000,
  };

  /** A drop under a fresh alert, on its way through the pipeline when the fault strikes. */
  async function droppedUnderAlert(): Promise<string> {
    const key = await dropUnderAlert(drops);
    dropped.push(key);
    return key;
  }

  const dropDeliveriesFor = (key: string) => priceDropDeliveries(sink, shopper, key);
  const dropMailsFor = (key: string) => priceDropMails(sink, shopper, key);

  /** The notification row of the alerted listing's crossing, with what its sender left in it. */
  async function notificationOf(key: string): Promise<Record<string, unknown> | undefined> {
    const { rows } = await db.query<Record<string, unknown>>(
      `SELECT status, attempts, claimed_by, lease_until, last_error, message_id
       FROM alert_notifier.notifications WHERE listing_key = $1`,
      [`ebay:${key}`],
    );
    return rows[0];
  }

  /**
   * Runs `fault` under a steady stream of lookups, then checks recovery (every process ready and
   * lookups answered 200 again within the bound) and the books: every 200 recorded once.
   */
  async function underLoad(fault: () => Promise<void>): Promise<{ recoveryMs: number; load: LoadRunner }> {
    const alerted = await droppedUnderAlert();
    const load = new LoadRunner(gatewayUrl, lookups);
    const started = Date.now();
    const step = (what: string) => progress(`${what} after ${Date.now() - started} ms (${load.summary()})`);
    load.start();
    try {
      await eventually(() => load.ok.length >= 10, {
        timeoutMs: 30_000,
        what: 'lookups flowing before the fault',
      });
      step('fault');
      await fault();
      step('healed');
      const healedAt = Date.now();
      await eventually(() => allReady(), {
        timeoutMs: RECOVERY_BOUND_MS * 2,
        everyMs: 200,
        what: 'every process ready again',
      });
      const okAtHeal = load.ok.length;
      await eventually(() => load.ok.length >= okAtHeal + 10, {
        timeoutMs: RECOVERY_BOUND_MS * 2,
        what: 'lookups answered 200 again',
      });
      const recoveryMs = Date.now() - healedAt;
      step(`recovered in ${recoveryMs} ms`);
      for (const v of load.violations.slice(0, 5)) progress(`violation: ${JSON.stringify(v)}`);
      await load.stop();
      await eventually(
        async () => (await recordingGaps(db, load.ok, droppedSnapshots())).missing.length === 0,
        {
          timeoutMs: 60_000,
          everyMs: 250,
          what: 'every lookup answered 200 to be recorded',
        },
      ).catch(() => undefined); // the assertions below say what is missing
      step('recorded');
      const gaps = await recordingGaps(db, load.ok, droppedSnapshots());
      expect(gaps.missing).toEqual([]);
      expect(gaps.duplicated).toEqual([]);
      expect(await duplicatePriceChanges(db)).toBe(0);
      expect(load.violations).toEqual([]);
      expect(recoveryMs).toBeLessThan(RECOVERY_BOUND_MS);
      await eventually(() => dropMailsFor(alerted) > 0, {
        timeoutMs: RECOVERY_BOUND_MS,
        what: 'the price-drop email of the alert pinned across the fault',
      }).catch(async (error: Error) => {
        const row = await notificationOf(alerted).catch((e: Error) => e.message);
        throw new Error(`${error.message}; its notification: ${JSON.stringify(row) ?? 'none'}`);
      });
      step('alert email received');
      expect(dropMailsFor(alerted)).toBe(1);
      // The mail went out; its row must say so, or the lease's end would send it again.
      await eventually(async () => (await notificationOf(alerted))?.status === 'sent', {
        timeoutMs: RECOVERY_BOUND_MS,
        what: 'the alert email marked sent',
      }).catch(() => undefined);
      expect(await notificationOf(alerted)).toMatchObject({ status: 'sent' });
      return { recoveryMs, load };
    } finally {
      await load.stop();
    }
  }

  it.each(PROCESSES)(
    'kill -9 of %s: the runner restarts it; nothing lost or doubled',
    async (name) => {
      await underLoad(async () => {
        const pid = pidOf(name);
        process.kill(pid, 'SIGKILL');
        await eventually(
          () => childPidsRunning(host.launcher.pid ?? -1, scriptOf(name)).some((p) => p !== pid),
          {
            timeoutMs: 15_000,
            what: `${name} to be started again`,
          },
        );
      });
    },
    240_000,
  );

  it('Redis stopped while the recorder lags, then started EMPTY: the replay window loses nothing', async () => {
    await underLoad(async () => {
      const recorder = pidOf('pricing');
      process.kill(recorder, 'SIGSTOP'); // the consumer lags: relayed events wait in Redis
      try {
        await new Promise((resolve) => setTimeout(resolve, 1500)); // a few lookups relayed, unread
        await redis.down({ keepData: false });
        await new Promise((resolve) => setTimeout(resolve, REDIS_OUTAGE_MS));
        await redis.up();
      } finally {
        process.kill(recorder, 'SIGCONT');
      }
    });
  }, 300_000);

  it('Redis restarted with its data: consumers resume, nothing lost or doubled', async () => {
    await underLoad(async () => {
      await redis.down({ keepData: true });
      await redis.up();
    });
  }, 240_000);

  it('Postgres restarted: no process dies, requests answer 503 with Retry-After meanwhile, everything resumes', async () => {
    const pidsBefore = PROCESSES.map(pidOf);
    await underLoad(async () => {
      pg.ctl('restart');
    });
    // Survived, not restarted by the runner.
    expect(PROCESSES.map(pidOf)).toEqual(pidsBefore);
  }, 240_000);

  it('across all the faults: one price-drop email per alert, none lost, none sent twice', async () => {
    expect(dropped).toHaveLength(PROCESSES.length + 3);
    // The notifier's queue has settled: every recorded crossing is sent, none waits or failed.
    let queue: unknown;
    await eventually(
      async () => {
        queue = (await call('GET', '/api/v1/admin/notifications/emails', undefined, tokens.admin)).body
          .notifications;
        return (queue as { sent?: number }).sent === dropped.length;
      },
      { timeoutMs: 60_000, everyMs: 500, what: 'every notification sent' },
    ).catch(() => undefined);
    expect(queue).toEqual({ sent: dropped.length });
    expect(dropped.map((key) => [key, dropMailsFor(key)])).toEqual(dropped.map((key) => [key, 1]));
    const deliveries = dropped.map((key) => dropDeliveriesFor(key).length);
    const resent = deliveries.filter((n) => n > 1).length;
    progress(`price-drop emails: ${dropped.length}, resent with the same Message-ID: ${resent}`);
    // No mail about anything else, and a crash window costs at most one resend.
    expect(priceDropsTo(sink, shopper)).toHaveLength(deliveries.reduce((a, b) => a + b, 0));
    expect(Math.max(...deliveries)).toBeLessThanOrEqual(2);
  }, 120_000);
});
