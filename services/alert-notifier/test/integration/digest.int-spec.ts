import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { EmailQueueStatusSchema, Queues, Topics, type EmailQueueStatus } from '@pt/contracts';
import type { Database } from '@pt/platform';
import { describeAdapter, eventually, FakeClock, type SinkMessage, type SmtpSink } from '@pt/testing';
import { DigestSchedulerService } from '../../src';
import {
  asUser,
  FakeCatalog,
  priceChanged,
  userChanged,
  type NotifierUnderTest,
} from '../support/notifier-host';
import { notifierSuite, postgresAndRedis, type NotifierSuite } from '../support/notifier-suite';
import { mailsTo, processed, settled } from '../support/waits';

const available = postgresAndRedis();

/**
 * The daily digest on Postgres, BullMQ and a real SMTP server: a digest user's crossings
 * are recorded but not mailed, and at their local hour one email lists them all, once per local
 * day however many ticks race for it; an instant user is mailed as before.
 */
describeAdapter('alert-notifier digest', 'postgres+bullmq+smtp', available, () => {
  let db: Database;
  let sink: SmtpSink;
  let smtp: NotifierSuite['smtp'];
  let host: NotifierUnderTest;
  const catalog = new FakeCatalog();
  const clock = new FakeClock(Date.UTC(2026, 4, 1, 6, 0));
  notifierSuite(
    {
      catalog,
      clock,
      env: { ALERT_DIGEST_TICK_MS: '200', ALERT_EMAIL_ATTEMPTS: '2', ALERT_EMAIL_BACKOFF_MS: '100' },
    },
    (s) => ({ db, sink, smtp, host } = s),
  );

  const tick = () => host.nest.get(DigestSchedulerService).tick();

  let itemCounter = 0;
  async function user(name: string) {
    const userId = `user-${randomUUID()}`;
    const email = `${userId}@example.com`;
    const confirmed = userChanged({ userId, change: 'confirmed', email, name });
    await host.bus.publish(Topics.authUserChanged, confirmed);
    await processed(db, confirmed.id);
    return { userId, email, headers: asUser(userId, email) };
  }

  async function alertOn(u: { headers: Record<string, string> }, price: number, target: number) {
    itemCounter += 1;
    const productId = String(120_000_000_000 + itemCounter * 7919);
    const title = `Digest Lamp ${itemCounter}`;
    catalog.listings.set(productId, {
      marketplace: 'ebay',
      title,
      image: `https://img.example.com/${productId}.jpg`,
      url: `https://www.ebay.com/itm/${productId}`,
      price,
      currency: 'USD',
    });
    await request(host.express)
      .post('/api/v1/alerts')
      .set(u.headers)
      .send({ productId, targetPrice: target })
      .expect(201);
    return { productId, title };
  }

  async function drop(productId: string, oldPrice: number, newPrice: number) {
    const event = priceChanged({ productId, oldPrice, newPrice });
    await host.bus.publish(Topics.priceChanged, event);
    await processed(db, event.id);
  }

  /** No digest waiting to be sent and the email queue idle: only then does "one" mean one. */
  async function digestsSettled() {
    await settled(db, host);
    await eventually(
      async () => {
        const { rows } = await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM alert_notifier.digests WHERE status IN ('pending', 'sending')`,
        );
        const counts = await host.queue.counts(Queues.email);
        return Number(rows[0]?.n) === 0 && counts.waiting + counts.active === 0;
      },
      { what: 'digests settled', timeoutMs: 30_000 },
    );
  }

  const digestsTo = (email: string): SinkMessage[] =>
    mailsTo(sink.messages(), email).filter((m) => m.headers['x-digest-id']);

  it('sends one digest at the local hour listing both crossings, once however many ticks race; an instant user is mailed at once', async () => {
    clock.set(Date.UTC(2026, 4, 1, 6, 0)); // 08:00 in Berlin (CEST)
    const digestUser = await user('Dora');
    const prefs = await request(host.express)
      .put('/api/v1/alerts/preferences')
      .set(digestUser.headers)
      .send({ delivery: 'digest', digestHour: 9, timeZone: 'europe/berlin' })
      .expect(200);
    expect(prefs.body).toEqual({
      notifications: true,
      delivery: 'digest',
      digestHour: 9,
      timeZone: 'Europe/Berlin',
    });
    const instantUser = await user('Ian');
    const a = await alertOn(digestUser, 100, 90);
    const b = await alertOn(digestUser, 50, 45);
    const c = await alertOn(instantUser, 100, 90);

    await drop(a.productId, 100, 89);
    clock.advance(60_000); // the digest lists crossings in the order they fired
    await drop(b.productId, 50, 40);
    await drop(c.productId, 100, 80);
    // The instant user's email goes out now; the digest user's crossings wait for 09:00 Berlin.
    await sink.waitFor((m) => m.envelope.to.includes(instantUser.email));
    await tick();
    await digestsSettled();
    expect(mailsTo(sink.messages(), digestUser.email)).toHaveLength(0);
    const { rows: waiting } = await db.query<{ status: string; day: string }>(
      `SELECT status, digest_day::text AS day FROM alert_notifier.notifications WHERE user_id = $1`,
      [digestUser.userId],
    );
    expect(waiting).toEqual([
      { status: 'digest', day: '2026-05-01' },
      { status: 'digest', day: '2026-05-01' },
    ]);

    clock.set(Date.UTC(2026, 4, 1, 6, 59)); // 08:59 Berlin: not yet
    await tick();
    await digestsSettled();
    expect(digestsTo(digestUser.email)).toHaveLength(0);

    clock.set(Date.UTC(2026, 4, 1, 7, 0)); // 09:00 Berlin
    // Ticks racing each other and the scheduled one: the (user, day) key lets one claim.
    const results = await Promise.all([tick(), tick(), tick(), tick()]);
    expect(results.reduce((n, r) => n + r.claimed, 0)).toBeLessThanOrEqual(1);
    const digest = await sink.waitFor((m) => m.envelope.to.includes(digestUser.email));
    await tick();
    await digestsSettled();
    expect(digestsTo(digestUser.email)).toHaveLength(1);
    expect(digest.subject).toBe('2 price drops today');
    expect(digest.text).toContain('Your daily digest for Fri, 1 May 2026: 2 alerts fired.');
    expect(digest.text).toContain(
      `1. ${a.title}\n   Price: $100.00 → $89.00\n   Your target: $90.00 · You save $11.00 (11%)`,
    );
    expect(digest.text).toContain(
      `2. ${b.title}\n   Price: $50.00 → $40.00\n   Your target: $45.00 · You save $10.00 (20%)`,
    );
    expect(digest.text).toContain(`See the product: http://app.test/product/v1%7C${a.productId}%7C0\n`);
    expect(digest.text).toMatch(/Stop alerts for this product: http:\/\/app\.test\/unsubscribe\?token=\S+\n/);
    expect(digest.text).toContain(
      'Instant emails, another hour, or stop all price emails: http://app.test/settings',
    );
    // The html part says the same things.
    expect(digest.html).toContain(`<strong>${a.title}</strong>`);
    expect(digest.html).toContain('Price: $50.00 → $40.00');
    expect(digest.html).toContain(`href="http://app.test/product/v1%7C${b.productId}%7C0"`);
    expect(digest.headers['list-unsubscribe']).toBe('<http://app.test/settings>');
    // The instant user got one price-drop email and no digest.
    expect(mailsTo(sink.messages(), instantUser.email).map((m) => m.subject)).toEqual([
      `Price drop: ${c.title} is now $80.00`,
    ]);
    const { rows: sent } = await db.query<{ status: string }>(
      `SELECT status FROM alert_notifier.notifications WHERE user_id = $1`,
      [digestUser.userId],
    );
    expect(sent.map((r) => r.status)).toEqual(['sent', 'sent']);
    // The email as the shopper reads it.
    console.log(`Subject: ${digest.subject}\n\n${digest.text}`);

    // A crossing after that day's digest went out is the next day's.
    clock.set(Date.UTC(2026, 4, 1, 7, 30));
    await drop(b.productId, 40, 60); // re-arms above 45
    await drop(b.productId, 60, 44); // fires again
    clock.set(Date.UTC(2026, 4, 1, 21, 0)); // 23:00 Berlin, same day
    await tick();
    await digestsSettled();
    expect(digestsTo(digestUser.email)).toHaveLength(1);
    clock.set(Date.UTC(2026, 4, 2, 7, 0)); // 09:00 Berlin next day
    await tick();
    const next = await sink.waitFor(
      (m) => digestsTo(digestUser.email).length === 2 && m.subject === '1 price drop today',
    );
    expect(next.text).toContain('Your daily digest for Sat, 2 May 2026: one alert fired.');
    expect(next.text).toContain(`1. ${b.title}\n   Price: $60.00 → $44.00`);
    await tick();
    await digestsSettled();
    expect(digestsTo(digestUser.email)).toHaveLength(2);
  });

  it('sends nothing for a digest user who switched emails off before the hour, and keeps waiting items when switching back to instant', async () => {
    clock.set(Date.UTC(2026, 5, 10, 5, 0));
    const quiet = await user('Quinn');
    await request(host.express)
      .put('/api/v1/alerts/preferences')
      .set(quiet.headers)
      .send({ delivery: 'digest', digestHour: 7, timeZone: 'UTC' })
      .expect(200);
    const q = await alertOn(quiet, 100, 90);
    await drop(q.productId, 100, 80);

    const switcher = await user('Sam');
    await request(host.express)
      .put('/api/v1/alerts/preferences')
      .set(switcher.headers)
      .send({ delivery: 'digest', digestHour: 7, timeZone: 'UTC' })
      .expect(200);
    const s = await alertOn(switcher, 100, 90);
    await drop(s.productId, 100, 70);

    // Old clients send only the switch: still accepted, the delivery is kept.
    const off = await request(host.express)
      .put('/api/v1/alerts/preferences')
      .set(quiet.headers)
      .send({ notifications: false })
      .expect(200);
    expect(off.body).toMatchObject({ notifications: false, delivery: 'digest', digestHour: 7 });
    await request(host.express)
      .put('/api/v1/alerts/preferences')
      .set(switcher.headers)
      .send({ delivery: 'instant' })
      .expect(200);

    clock.set(Date.UTC(2026, 5, 10, 7, 0));
    await tick();
    // The switcher's waiting crossing comes in the digest it was waiting for.
    const last = await sink.waitFor((m) => m.envelope.to.includes(switcher.email));
    expect(last.subject).toBe('1 price drop today');
    expect(last.text).toContain(`1. ${s.title}\n   Price: $100.00 → $70.00`);
    await tick();
    await digestsSettled();
    expect(mailsTo(sink.messages(), quiet.email)).toHaveLength(0);
    const { rows } = await db.query<{ status: string; reason: string }>(
      `SELECT status, skip_reason AS reason FROM alert_notifier.digests WHERE user_id = $1`,
      [quiet.userId],
    );
    expect(rows).toEqual([{ status: 'skipped', reason: 'notifications-off' }]);
  });

  it('keeps a digest that ran out of retries as failed, shows it to admins, and sends it once when an admin sends it again', async () => {
    clock.set(Date.UTC(2026, 6, 3, 5, 0));
    const u = await user('Fay');
    await request(host.express)
      .put('/api/v1/alerts/preferences')
      .set(u.headers)
      .send({ delivery: 'digest', digestHour: 7, timeZone: 'UTC' })
      .expect(200);
    const f = await alertOn(u, 100, 90);
    await drop(f.productId, 100, 85);
    const admin = asUser('admin-digest', 'admin-digest@example.com', 'admin');
    smtp.down();
    try {
      clock.set(Date.UTC(2026, 6, 3, 7, 0));
      await tick();
      const status = await eventually(
        async () => {
          const res = await request(host.express)
            .get('/api/v1/admin/notifications/emails')
            .set(admin)
            .expect(200);
          const failed = (res.body as EmailQueueStatus).failedDigests;
          return failed.length > 0 ? (res.body as EmailQueueStatus) : undefined;
        },
        { what: 'a failed digest on the admin status', timeoutMs: 30_000 },
      );
      EmailQueueStatusSchema.parse(status);
      expect(status.failedDigests).toEqual([
        {
          digestId: expect.any(String),
          attempts: 2,
          error: expect.any(String),
          createdAt: expect.any(String),
        },
      ]);
      expect(status.digests.failed).toBe(1);
      expect(JSON.stringify(status)).not.toContain(u.email);
      await request(host.express).get('/api/v1/admin/notifications/emails').set(u.headers).expect(403);
    } finally {
      smtp.up();
    }
    expect(digestsTo(u.email)).toHaveLength(0);
    const retried = await request(host.express)
      .post('/api/v1/admin/notifications/emails/retry-failed')
      .set(admin)
      .expect(200);
    expect(retried.body).toEqual({ requeued: 0, requeuedDigests: 1 });
    const mail = await sink.waitFor((m) => m.envelope.to.includes(u.email));
    expect(mail.text).toContain(`1. ${f.title}\n   Price: $100.00 → $85.00`);
    await tick();
    await digestsSettled();
    expect(digestsTo(u.email)).toHaveLength(1);
    const after = await request(host.express)
      .get('/api/v1/admin/notifications/emails')
      .set(admin)
      .expect(200);
    expect((after.body as EmailQueueStatus).failedDigests).toEqual([]);
  });

  it.each([
    ['a digest hour of 24', { delivery: 'digest', digestHour: 24 }],
    ['a negative digest hour', { digestHour: -1 }],
    ['a fractional digest hour', { digestHour: 7.5 }],
    ['a digest hour as text', { digestHour: '8' }],
    ['an unknown zone', { timeZone: 'Mars/Olympus_Mons' }],
    ['an empty zone', { timeZone: '' }],
    ['an unknown delivery', { delivery: 'weekly' }],
    ['nothing to change', {}],
    ['notifications as text', { notifications: 'yes' }],
  ])('answers 400 with the error body for %s', async (_case, body) => {
    const u = asUser(`user-${randomUUID()}`);
    const res = await request(host.express).put('/api/v1/alerts/preferences').set(u).send(body).expect(400);
    expect(res.body).toEqual({
      error: expect.objectContaining({ code: expect.any(String), message: expect.any(String) }),
    });
    const stored = await request(host.express).get('/api/v1/alerts/preferences').set(u).expect(200);
    expect(stored.body).toEqual({ notifications: true, delivery: 'instant', digestHour: 8, timeZone: 'UTC' });
  });
});
