import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { Topics } from '@pt/contracts';
import {
  BullMqJobQueue,
  type BullMqWorkerHandle,
  type Database,
  type JobHandler,
  type JobOptions,
  type JobQueue,
  type Mailer,
  type MailMessage,
  type ProcessOptions,
  type SentMail,
} from '@pt/platform';
import {
  createTestPostgres,
  describeAdapter,
  eventually,
  FakeClock,
  postgresAvailability,
  redisAvailability,
  startSmtpSink,
  type SmtpSink,
  type TestPostgres,
} from '@pt/testing';
import { DigestSchedulerService } from '../../src';
import {
  asUser,
  FakeCatalog,
  priceChanged,
  smtpMailer,
  startNotifier,
  TEST_ENV,
  userChanged,
  type NotifierUnderTest,
} from '../support/notifier-host';
import { processed } from '../support/waits';

const pg = postgresAvailability();
const redis = redisAvailability();
const available =
  pg.available && redis.available
    ? { available: true }
    : { available: false, reason: [pg.reason, redis.reason].filter(Boolean).join('; ') };

const LEASE_MS = 600_000;
const STRANDED_MS = 60_000;

/** One notifier process's BullMQ queue, whose email worker the test can kill as a crash would. */
class KillableQueue {
  readonly inner: BullMqJobQueue;
  private readonly handles: BullMqWorkerHandle[] = [];
  /** While set, enqueuing a digest fails as it would with the process gone. */
  dropDigests = false;

  constructor(prefix: string) {
    this.inner = new BullMqJobQueue({
      url: process.env.REDIS_URL ?? '',
      prefix,
      lockDurationMs: 2_000,
      stalledIntervalMs: 500,
    });
  }

  port(): JobQueue {
    const inner = this.inner;
    const dropping = () => this.dropDigests;
    const handles = this.handles;
    return Object.assign(Object.create(inner) as JobQueue, {
      kind: inner.kind,
      async enqueue<D>(queue: string, name: string, data: D, options?: JobOptions) {
        if (dropping() && (data as { kind?: string }).kind === 'digest')
          throw new Error('killed between the claim and the enqueue');
        return inner.enqueue(queue, name, data, options);
      },
      async process(queue: string, handlers: Record<string, JobHandler>, options?: ProcessOptions) {
        const handle = await inner.process(queue, handlers, options);
        handles.push(handle);
        return handle;
      },
    });
  }

  /** Every worker stops at once, abandoning its running jobs (their locks lapse, BullMQ stalls them). */
  async kill(): Promise<void> {
    await Promise.all(this.handles.map((h) => h.crash()));
  }
}

/** SMTP that accepts the connection and then never answers: the process dies mid-send. */
class HangingMailer implements Mailer {
  readonly kind = 'smtp' as const;
  readonly attempts: MailMessage[] = [];
  send(message: MailMessage): Promise<SentMail> {
    this.attempts.push(message);
    return new Promise<SentMail>(() => undefined);
  }
  async ping(): Promise<void> {}
  async close(): Promise<void> {}
}

/**
 * The daily digest is sent once per user per local day in the chaos tier — a notifier
 * killed in the middle of the send, or between claiming the day and queuing its email, is replaced
 * by another process on the same database and queue, and the shopper still gets exactly one.
 */
describeAdapter('alert-notifier digest', 'postgres+bullmq+smtp, killed workers', available, () => {
  let pgdb: TestPostgres;
  let db: Database;
  let sink: SmtpSink;
  let mailer: Mailer;
  const catalog = new FakeCatalog();
  const clock = new FakeClock(Date.UTC(2026, 2, 29, 0, 0));
  const prefix = `pt-test-digest-chaos-${randomUUID().slice(0, 8)}`;
  const running: { host: NotifierUnderTest; queue: KillableQueue }[] = [];

  const env = {
    ...TEST_ENV,
    ALERT_DIGEST_TICK_MS: '200',
    ALERT_EMAIL_LEASE_MS: String(LEASE_MS),
    ALERT_EMAIL_STRANDED_MS: String(STRANDED_MS),
  };

  async function start(m: Mailer) {
    // Every process shares the queue (one prefix), as the instances of one deployment do.
    const queue = new KillableQueue(prefix);
    const host = await startNotifier({ db, mailer: m, queue: queue.port(), catalog, clock, env });
    running.push({ host, queue });
    return { host, queue };
  }

  beforeAll(async () => {
    pgdb = await createTestPostgres();
    db = pgdb.db;
    sink = await startSmtpSink();
    mailer = smtpMailer(sink.url);
  });

  afterAll(async () => {
    for (const r of running.reverse()) {
      await r.queue.kill().catch(() => undefined);
      await r.host.close().catch(() => undefined);
      await r.queue.inner.close().catch(() => undefined);
    }
    await mailer?.close();
    await sink?.close();
    await pgdb?.drop();
  });

  let n = 0;
  /** A Berlin shopper on the digest at 02:00 (the hour the spring DST jump skips) with two crossings. */
  async function digestShopperWithTwoDrops(host: NotifierUnderTest) {
    const userId = `user-${randomUUID()}`;
    const email = `${userId}@example.com`;
    const confirmed = userChanged({ userId, change: 'confirmed', email, name: 'Kim' });
    await host.bus.publish(Topics.authUserChanged, confirmed);
    await processed(db, confirmed.id);
    const headers = asUser(userId, email);
    await request(host.express)
      .put('/api/v1/alerts/preferences')
      .set(headers)
      .send({ delivery: 'digest', digestHour: 2, timeZone: 'Europe/Berlin' })
      .expect(200);
    for (const price of [100, 200]) {
      n += 1;
      const productId = String(130_000_000_000 + n * 7919);
      catalog.listings.set(productId, {
        marketplace: 'ebay',
        title: `Chaos Kettle ${n}`,
        url: `https://www.ebay.com/itm/${productId}`,
        price,
        currency: 'USD',
      });
      await request(host.express)
        .post('/api/v1/alerts')
        .set(headers)
        .send({ productId, targetPrice: price - 10 })
        .expect(201);
      const event = priceChanged({ productId, oldPrice: price, newPrice: price - 20 });
      await host.bus.publish(Topics.priceChanged, event);
      await processed(db, event.id);
    }
    return { userId, email };
  }

  const digestRow = async (userId: string) =>
    (
      await db.query<{ status: string; attempts: number }>(
        `SELECT status, attempts FROM alert_notifier.digests WHERE user_id = $1`,
        [userId],
      )
    ).rows;

  /** Digests to `email` once nothing is left to send (no digest pending or sending). */
  async function deliveredOnceSettled(email: string) {
    await eventually(
      async () => {
        const { rows } = await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM alert_notifier.digests WHERE status IN ('pending', 'sending')`,
        );
        return Number(rows[0]?.n) === 0;
      },
      { what: 'no digest left to send', timeoutMs: 20_000 },
    );
    return sink.messages().filter((m) => m.envelope.to.includes(email) && m.headers['x-digest-id']);
  }

  it('a worker killed while sending: another process sends the digest once, after the lease', async () => {
    // 01:00 Berlin (CET) on the night of the spring jump: the crossings are that day's.
    clock.set(Date.UTC(2026, 2, 29, 0, 0));
    const hanging = new HangingMailer();
    const a = await start(hanging);
    const shopper = await digestShopperWithTwoDrops(a.host);

    // 03:00 CEST: 02:00 never happened, so the hour has come. A claims the day and starts sending.
    clock.set(Date.UTC(2026, 2, 29, 1, 0));
    await eventually(() => hanging.attempts.length > 0, {
      what: 'the first send started',
      timeoutMs: 15_000,
    });
    expect(await digestRow(shopper.userId)).toEqual([{ status: 'sending', attempts: 1 }]);
    await a.queue.kill();

    // A replacement process; its ticks race for the day and find it claimed. The abandoned send
    // may have reached SMTP, so nobody takes it over before its lease ends.
    const b = await start(mailer);
    await b.host.nest.get(DigestSchedulerService).tick();
    clock.advance(LEASE_MS + 1);
    const mails = await eventually(
      async () => {
        const got = await deliveredOnceSettled(shopper.email);
        return got.length > 0 ? got : undefined;
      },
      { what: 'the digest after the lease', timeoutMs: 20_000 },
    );
    await b.host.nest.get(DigestSchedulerService).tick();
    expect(await deliveredOnceSettled(shopper.email)).toHaveLength(1);
    expect(mails[0]?.subject).toBe('2 price drops today');
    expect(hanging.attempts).toHaveLength(1);
    expect(await digestRow(shopper.userId)).toEqual([{ status: 'sent', attempts: 2 }]);
  }, 30_000);

  it('a process killed between claiming the day and queuing the email: a restart sends it once', async () => {
    clock.set(Date.UTC(2026, 9, 24, 22, 0)); // 00:00 CEST, 25 Oct: the night the clocks go back
    const c = await start(mailer);
    const shopper = await digestShopperWithTwoDrops(c.host);
    c.queue.dropDigests = true;
    // 02:00 CEST, the first of the two 02:00s: the hour has come; the claim commits, the enqueue dies.
    clock.set(Date.UTC(2026, 9, 25, 0, 0));
    await expect(c.host.nest.get(DigestSchedulerService).tick()).rejects.toThrow('killed between');
    expect(await digestRow(shopper.userId)).toEqual([{ status: 'pending', attempts: 0 }]);
    await c.queue.kill();

    // The restarted process: the second 02:00 (CET) claims nothing new; once the claim is stale
    // the sweep of the tick queues it.
    const d = await start(mailer);
    clock.set(Date.UTC(2026, 9, 25, 1, 0));
    await d.host.nest.get(DigestSchedulerService).tick();
    clock.advance(STRANDED_MS + 1);
    const mail = await sink.waitFor((m) => m.envelope.to.includes(shopper.email));
    await Promise.all([
      d.host.nest.get(DigestSchedulerService).tick(),
      d.host.nest.get(DigestSchedulerService).tick(),
    ]);
    expect(await deliveredOnceSettled(shopper.email)).toHaveLength(1);
    expect(mail.subject).toBe('2 price drops today');
    expect(mail.text).toContain('Your daily digest for Sun, 25 Oct 2026: 2 alerts fired.');
    expect(await digestRow(shopper.userId)).toEqual([{ status: 'sent', attempts: 1 }]);
  }, 30_000);
});
