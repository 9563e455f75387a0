import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { Topics } from '@pt/contracts';
import type { Database, JobQueue, Mailer } from '@pt/platform';
import { describeAdapter, eventually, type SinkMessage, type SmtpSink } from '@pt/testing';
import {
  asUser,
  FakeCatalog,
  priceChanged,
  startNotifier,
  userChanged,
  type NotifierUnderTest,
} from '../support/notifier-host';
import { NotificationsRepository } from '../../src/repositories/notifications.repository';
import { notifierSuite, postgresAndRedis, type NotifierSuite } from '../support/notifier-suite';
import { mailsTo, processed, settled } from '../support/waits';

const available = postgresAndRedis();

/**
 * Exactly-once price-drop emails through real Postgres, BullMQ and a real
 * SMTP server. ARCHITECTURE §6: an alert fires when the price crosses from above its target to at
 * or below it, and re-arms when the price rises above again; one email per (alert, crossing).
 */
describeAdapter('alert-notifier', 'postgres+bullmq+smtp', available, () => {
  let db: Database;
  let sink: SmtpSink;
  let smtp: NotifierSuite['smtp'];
  let mailer: Mailer;
  let queue: JobQueue;
  let host: NotifierUnderTest;
  const catalog = new FakeCatalog();
  notifierSuite({ catalog }, (s) => ({ db, sink, smtp, mailer, queue, host } = s));

  let itemCounter = 0;
  /**
   * A fresh listing at `price` (USD) and a confirmed user with an alert on it at `target`, in the
   * listing's currency unless `currency` asks for another.
   */
  async function setup(price: number, target: number, currency?: string) {
    itemCounter += 1;
    const productId = String(110_000_000_000 + itemCounter * 7919);
    catalog.listings.set(productId, {
      marketplace: 'ebay',
      title: `Test Drone ${itemCounter}`,
      image: `https://img.example.com/${productId}.jpg`,
      url: `https://www.ebay.com/itm/${productId}`,
      price,
      currency: 'USD',
    });
    const userId = `user-${randomUUID()}`;
    const email = `${userId}@example.com`;
    const confirmed = userChanged({ userId, change: 'confirmed', email, name: 'Ada' });
    await host.bus.publish(Topics.authUserChanged, confirmed);
    await processed(db, confirmed.id);
    const created = await request(host.express)
      .post('/api/v1/alerts')
      .set(asUser(userId, email))
      .send({ productId, targetPrice: target, ...(currency ? { currency } : {}) })
      .expect(201);
    return { productId, userId, email, alertId: created.body.alert.id as string, alert: created.body.alert };
  }

  async function drop(productId: string, oldPrice: number, newPrice: number): Promise<string> {
    const event = priceChanged({ productId, oldPrice, newPrice }); // in USD, the listing's currency
    await host.bus.publish(Topics.priceChanged, event);
    await processed(db, event.id);
    return event.id;
  }

  const byAddress = (email: string) => (m: SinkMessage) => m.envelope.to.includes(email);

  it('sends one email per crossing and none while the price stays below the target', async () => {
    const { productId, email, alert } = await setup(100, 90);
    expect(alert).toMatchObject({ state: 'armed', targetPrice: 90, currentPrice: 100, isActive: true });

    await drop(productId, 100, 95); // still above the target
    await settled(db, host);
    expect(mailsTo(sink.messages(), email)).toHaveLength(0);

    await drop(productId, 95, 89); // crosses
    const mail = await sink.waitFor(byAddress(email));
    await drop(productId, 89, 85); // stays below
    await drop(productId, 85, 80);
    await settled(db, host);
    expect(mailsTo(sink.messages(), email)).toHaveLength(1);

    // The email: title, image, old → new in the alert's currency, the saving, links, RFC 8058 headers.
    expect(mail.subject).toBe('Price drop: Test Drone 1 is now $89.00');
    expect(mail.text).toContain('Price: $95.00 → $89.00');
    expect(mail.text).toContain('You save: $6.00 (6%)');
    // The product page by the id the app routes (eBay's "v1|id|0"), not the stored listing id.
    expect(mail.text).toContain(`See the product: http://app.test/product/v1%7C${productId}%7C0\n`);
    expect(mail.text).toContain('Manage your alerts: http://app.test/wishlist/alerts\n');
    expect(mail.text).toMatch(/Stop alerts for this product: http:\/\/app\.test\/unsubscribe\?token=\S+\n/);
    expect(mail.text).toContain('Stop all price emails: http://app.test/settings');
    expect(mail.html).toContain(`<img src="https://img.example.com/${productId}.jpg"`);
    expect(mail.html).toContain('<strong>$89.00</strong>');
    expect(mail.headers['list-unsubscribe']).toMatch(
      /^<http:\/\/app\.test\/api\/v1\/alerts\/unsubscribe\?token=[^>]+>$/,
    );
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
  });

  it('converts a price change into the alert’s own currency before deciding (§9 rates), and mails in it', async () => {
    // USD listing, alert in EUR: 100 USD is 92 EUR; the target is 80 EUR.
    const { productId, email, alert } = await setup(100, 80, 'EUR');
    expect(alert).toMatchObject({ state: 'armed', targetPrice: 80, currentPrice: 92, currency: 'EUR' });

    await drop(productId, 100, 90); // 82.80 EUR: above the target
    await settled(db, host);
    expect(mailsTo(sink.messages(), email)).toHaveLength(0);

    await drop(productId, 90, 85); // 78.20 EUR: crosses
    const mail = await sink.waitFor(byAddress(email));
    await settled(db, host);
    expect(mailsTo(sink.messages(), email)).toHaveLength(1);
    expect(mail.subject).toMatch(/78[.,]20/);
    expect(mail.subject).toContain('€');
  });

  it('answers 404 to the demo price pin when no demo marketplace runs', async () => {
    await request(host.express)
      .put('/api/v1/admin/demo/products/285112233445/price')
      .set(asUser('admin-9', 'admin9@example.com', 'admin'))
      .send({ price: 5 })
      .expect(404)
      .expect((res) => expect(res.body.error.code).toBe('demo_not_running'));
  });

  it('re-arms when the price rises above the target, and a second crossing sends a second email', async () => {
    const { productId, userId, email, alertId } = await setup(100, 90);
    await drop(productId, 100, 90); // at the target counts as met
    await sink.waitFor(byAddress(email));
    const met = await request(host.express).get('/api/v1/alerts').set(asUser(userId, email)).expect(200);
    expect(met.body.alerts.find((a: { id: string }) => a.id === alertId)).toMatchObject({
      state: 'met',
      currentPrice: 90,
    });

    await drop(productId, 90, 97); // re-arms
    const armed = await request(host.express).get('/api/v1/alerts').set(asUser(userId, email)).expect(200);
    expect(armed.body.alerts[0]).toMatchObject({ state: 'armed', currentPrice: 97 });
    await settled(db, host);
    expect(mailsTo(sink.messages(), email)).toHaveLength(1);

    await drop(productId, 97, 70); // second crossing
    await eventually(() => mailsTo(sink.messages(), email).length === 2, { what: 'second email' });
    await settled(db, host);
    const mails = mailsTo(sink.messages(), email);
    expect(mails).toHaveLength(2);
    expect(mails[1]?.text).toContain('Price: $97.00 → $70.00');
    expect(mails[1]?.text).toContain('You save: $27.00 (28%)');
  });

  it('sends nothing extra when the same price.changed is delivered 10 times', async () => {
    const { productId, email } = await setup(50, 45);
    const event = priceChanged({ productId, oldPrice: 50, newPrice: 40 });
    await Promise.all(Array.from({ length: 10 }, () => host.bus.publish(Topics.priceChanged, event)));
    await processed(db, event.id);
    await sink.waitFor(byAddress(email));
    // And ten more, one after another, after the email went out.
    for (let i = 0; i < 10; i++) await host.bus.publish(Topics.priceChanged, event);
    await settled(db, host);
    expect(mailsTo(sink.messages(), email)).toHaveLength(1);
    const { rows } = await db.query(
      `SELECT count(*)::int AS n FROM alert_notifier.notifications n
      JOIN alert_notifier.alerts a ON a.id = n.alert_id WHERE a.product_id = $1`,
      [productId],
    );
    expect(rows[0]).toEqual({ n: 1 });
  });

  it('a crossing evaluated again on a database restored from before it mails with the same Message-ID', async () => {
    const { productId, email, alertId } = await setup(70, 60);
    const event = priceChanged({ productId, oldPrice: 70, newPrice: 55 });
    await host.bus.publish(Topics.priceChanged, event);
    await processed(db, event.id);
    const first = await sink.waitFor(byAddress(email));
    await settled(db, host);
    // What a backup taken before the crossing holds: the alert armed, no notification, the event
    // not processed. The restored outbox relays the event again.
    await db.query(`DELETE FROM alert_notifier.notifications WHERE alert_id = $1`, [alertId]);
    await db.query(
      `UPDATE alert_notifier.alerts SET armed = true, crossings = 0, current_price = 70 WHERE id = $1`,
      [alertId],
    );
    await db.query(`DELETE FROM alert_notifier.processed_events WHERE event_id = $1`, [event.id]);
    await host.bus.publish(Topics.priceChanged, event);
    await eventually(() => mailsTo(sink.messages(), email).length === 2, { what: 'the mail sent again' });
    const [, again] = mailsTo(sink.messages(), email);
    expect(again!.headers['message-id']).toBe(first.headers['message-id']);
  });

  it('sends one email when two consumers race on the same crossing', async () => {
    const { productId, email } = await setup(60, 50);
    const second = await startNotifier({ db, mailer, queue, catalog });
    try {
      const event = priceChanged({ productId, oldPrice: 60, newPrice: 49 });
      // The same event to both instances, and a distinct event reporting the same drop.
      const twin = priceChanged({ productId, oldPrice: 60, newPrice: 49 });
      await Promise.all([
        host.bus.publish(Topics.priceChanged, event),
        second.bus.publish(Topics.priceChanged, event),
        host.bus.publish(Topics.priceChanged, twin),
        second.bus.publish(Topics.priceChanged, twin),
      ]);
      await processed(db, event.id);
      await processed(db, twin.id);
      await sink.waitFor(byAddress(email));
      await settled(db, host);
      expect(mailsTo(sink.messages(), email)).toHaveLength(1);
    } finally {
      await second.close();
    }
  });

  it('delivers the email exactly once after SMTP was down for a while', async () => {
    const { productId, email } = await setup(30, 25);
    smtp.down();
    const refusedBefore = smtp.refused();
    try {
      await drop(productId, 30, 20);
      // Several tries fail while the server is down; the notification stays queued.
      await eventually(() => smtp.refused() - refusedBefore >= 3, {
        what: 'three refused tries',
        timeoutMs: 30_000,
      });
      const { rows } = await db.query<{ status: string; attempts: number }>(
        `SELECT n.status, n.attempts FROM alert_notifier.notifications n
         JOIN alert_notifier.alerts a ON a.id = n.alert_id WHERE a.product_id = $1`,
        [productId],
      );
      expect(rows).toHaveLength(1);
      expect(['pending', 'sending']).toContain(rows[0]?.status);
      expect(mailsTo(sink.messages(), email)).toHaveLength(0);
    } finally {
      smtp.up();
    }
    await sink.waitFor(byAddress(email), 30_000);
    await settled(db, host);
    expect(mailsTo(sink.messages(), email)).toHaveLength(1);
    const { rows } = await db.query(
      `SELECT n.status FROM alert_notifier.notifications n
      JOIN alert_notifier.alerts a ON a.id = n.alert_id WHERE a.product_id = $1`,
      [productId],
    );
    expect(rows).toEqual([{ status: 'sent' }]);
  });

  /** A pending notification of a fresh alert, recorded straight in the table (no job queued). */
  async function recordedNotification(
    notifications: NotificationsRepository,
    createdAt = new Date(),
  ): Promise<{ id: string; email: string }> {
    const { productId, userId, alertId, email } = await setup(80, 70);
    const id = randomUUID();
    await notifications.insertOnce(db, {
      id,
      alertId,
      crossing: 99,
      userId,
      listingKey: `ebay:${productId}`,
      productId,
      marketplace: 'ebay',
      productTitle: 'Test Drone',
      productImage: null,
      productUrl: null,
      oldPrice: 80,
      newPrice: 60,
      targetPrice: 70,
      currency: 'USD',
      createdAt,
    });
    return { id, email };
  }

  it('gives a send lease back to the same job after it failed before sending, and to no other job', async () => {
    // A database blip between the claim and the send fails the job; its retry must not wait out
    // the whole lease (the email of a drop during a Postgres restart still goes out).
    const notifications = new NotificationsRepository();
    const { id } = await recordedNotification(notifications);
    const now = new Date();
    expect(await notifications.claim(db, id, now, 600_000, 'price-drop:job-1')).toMatchObject({
      attempts: 1,
    });
    expect(await notifications.claim(db, id, now, 600_000, 'price-drop:job-2')).toBeUndefined();
    expect(await notifications.claim(db, id, now, 600_000, 'price-drop:job-1')).toMatchObject({
      attempts: 2,
    });
    await notifications.markSent(db, id, 'message-1', now);
    expect(await notifications.claim(db, id, now, 600_000, 'price-drop:job-1')).toBeUndefined();
  });

  it('once the mail went to SMTP, only the end of the lease lets a sender take it again', async () => {
    // The sender handed the mail over and died (or still runs) before recording it as sent: a
    // redelivery of the same job must not send a second copy at once. After the lease a takeover
    // resends it, with the same Message-ID (the email's idempotency key).
    const notifications = new NotificationsRepository();
    const { id } = await recordedNotification(notifications);
    const now = new Date();
    expect(await notifications.claim(db, id, now, 60_000, 'price-drop:job-1')).toBeDefined();
    await notifications.markHandedOff(db, id, now);

    expect(await notifications.claim(db, id, now, 60_000, 'price-drop:job-1')).toBeUndefined();
    const later = new Date(now.getTime() + 60_001);
    expect(await notifications.findStranded(db, later, later, 10)).toContain(id);
    expect(await notifications.claim(db, id, later, 60_000, 'price-drop:job-2')).toMatchObject({
      attempts: 2,
    });
    // The takeover's own failure before SMTP is again its own to retry.
    expect(await notifications.claim(db, id, later, 60_000, 'price-drop:job-2')).toMatchObject({
      attempts: 3,
    });
    await notifications.markSent(db, id, 'message-1', later); // leaves the pipeline idle
  });

  it('a sender whose lease ran out cannot release or fail the row the next sender took over', async () => {
    // SMTP hung past the lease, a takeover claimed the row and is sending: the first sender's late
    // failure must leave the takeover's lease alone, or a third sender would mail it again.
    const notifications = new NotificationsRepository();
    const { id } = await recordedNotification(notifications);
    const now = new Date();
    expect(await notifications.claim(db, id, now, 60_000, 'price-drop:job-1')).toBeDefined();
    await notifications.markHandedOff(db, id, now);
    const later = new Date(now.getTime() + 60_001);
    expect(await notifications.claim(db, id, later, 60_000, 'price-drop:job-2')).toBeDefined();

    await notifications.markAttemptFailed(db, id, 'price-drop:job-1', 'SMTP timed out', true);
    const { rows } = await db.query<{ status: string; claimed_by: string; last_error: string | null }>(
      'SELECT status, claimed_by, last_error FROM alert_notifier.notifications WHERE id = $1',
      [id],
    );
    expect(rows[0]).toEqual({ status: 'sending', claimed_by: 'price-drop:job-2', last_error: null });
    expect(await notifications.claim(db, id, later, 60_000, 'price-drop:job-3')).toBeUndefined();

    await notifications.markAttemptFailed(db, id, 'price-drop:job-2', 'SMTP refused', false);
    expect(await notifications.claim(db, id, later, 60_000, 'price-drop:job-3')).toMatchObject({
      attempts: 3,
    });
    await notifications.markSent(db, id, 'message-1', later); // leaves the pipeline idle
  });

  it('sends a price-drop email whose job was lost once it is ALERT_EMAIL_STRANDED_MS old', async () => {
    // The process died between committing the notification and queuing its job: the sweeper
    // (every ALERT_EMAIL_SWEEP_MS) queues rows pending longer than the stranded age, 60 s here.
    const notifications = new NotificationsRepository();
    const { id, email } = await recordedNotification(notifications, new Date(Date.now() - 61_000));
    const mail = await sink.waitFor(byAddress(email));
    expect(mail.subject).toMatch(/^Price drop: /);
    const statusOf = async (nid: string) =>
      (
        await db.query<{ status: string }>(`SELECT status FROM alert_notifier.notifications WHERE id = $1`, [
          nid,
        ])
      ).rows[0]?.status;
    await eventually(async () => (await statusOf(id)) === 'sent', { what: 'the stranded email marked sent' });
    // One that is younger waits for its own job: none comes, so none is sent.
    const young = await recordedNotification(notifications);
    expect(await notifications.findStranded(db, new Date(Date.now() - 60_000), new Date(), 10)).not.toContain(
      young.id,
    );
    await notifications.markSent(db, young.id, 'message-young', new Date()); // leaves the pipeline idle
  });

  it('turns the alert off through the one-click unsubscribe link, without signing in', async () => {
    const { productId, userId, email, alertId } = await setup(80, 70);
    await drop(productId, 80, 65);
    const mail = await sink.waitFor(byAddress(email));
    const link = /^<http:\/\/app\.test(\/api\/v1\/alerts\/unsubscribe\?token=[^>]+)>$/.exec(
      mail.headers['list-unsubscribe'] ?? '',
    )?.[1];
    expect(link).toBeDefined();

    // The link a person clicks opens the app's page with the same token.
    const token = new URL(`http://app.test${link!}`).searchParams.get('token')!;
    expect(mail.text).toContain(`http://app.test/unsubscribe?token=${encodeURIComponent(token)}`);

    // A mail scanner's GET of the API link is sent to that page; the page's preview changes nothing.
    const page = await request(host.express).get(link!).expect(302);
    expect(page.headers.location).toBe(`/unsubscribe?token=${encodeURIComponent(token)}`);
    const preview = await request(host.express)
      .get('/api/v1/alerts/unsubscribe/preview')
      .query({ token })
      .expect(200);
    expect(preview.body).toEqual({ productTitle: expect.stringContaining('Test Drone'), active: true });
    await request(host.express)
      .get('/api/v1/alerts/unsubscribe/preview')
      .query({ token: `${token}x` })
      .expect(400);
    expect(
      (await request(host.express).get('/api/v1/alerts').set(asUser(userId, email))).body.alerts[0].isActive,
    ).toBe(true);

    // A forged or tampered token is refused.
    await request(host.express).post(`${link!}x`).type('form').send('List-Unsubscribe=One-Click').expect(400);

    // RFC 8058 one-click POST, no credentials.
    const res = await request(host.express)
      .post(link!)
      .type('form')
      .send('List-Unsubscribe=One-Click')
      .expect(200);
    expect(res.body).toEqual({ unsubscribed: true, productTitle: expect.stringContaining('Test Drone') });
    const after = await request(host.express).get('/api/v1/alerts').set(asUser(userId, email)).expect(200);
    expect(after.body.alerts).toEqual([expect.objectContaining({ id: alertId, isActive: false })]);

    // Off means off: a re-arm and another crossing send nothing.
    await drop(productId, 65, 90);
    await drop(productId, 90, 60);
    await settled(db, host);
    expect(mailsTo(sink.messages(), email)).toHaveLength(1);
  });

  it("an old email's link no longer switches off an alert the user turned back on; a newer email's does", async () => {
    const { productId, userId, email, alertId } = await setup(80, 70);
    const user = asUser(userId, email);
    const linkOf = (mail: { headers: Record<string, string | undefined> }) =>
      /^<http:\/\/app\.test(\/api\/v1\/alerts\/unsubscribe\?token=[^>]+)>$/.exec(
        mail.headers['list-unsubscribe'] ?? '',
      )![1]!;
    const oneClick = (link: string) =>
      request(host.express).post(link).type('form').send('List-Unsubscribe=One-Click');
    await drop(productId, 80, 65);
    const oldLink = linkOf(await sink.waitFor(byAddress(email)));
    // The user turns the alert off from the first email, then on again in the app.
    await oneClick(oldLink).expect(200);
    await request(host.express)
      .patch(`/api/v1/alerts/${alertId}`)
      .set(user)
      .send({ isActive: true })
      .expect(200);

    // A replay of the old link (a forwarded mail, a scanner) is refused and changes nothing.
    const replay = await oneClick(oldLink).expect(400);
    expect(replay.body.error.code).toBe('stale_token');
    const oldToken = new URL(`http://app.test${oldLink}`).searchParams.get('token')!;
    const preview = await request(host.express)
      .get('/api/v1/alerts/unsubscribe/preview')
      .query({ token: oldToken });
    expect(preview.status).toBe(400);
    expect(preview.body.error.code).toBe('stale_token');
    const alerts = await request(host.express).get('/api/v1/alerts').set(user).expect(200);
    expect(alerts.body.alerts).toEqual([expect.objectContaining({ id: alertId, isActive: true })]);

    // The next crossing's email carries a link that works.
    await drop(productId, 65, 90);
    await drop(productId, 90, 60);
    await eventually(() => mailsTo(sink.messages(), email).length === 2, { what: 'the second email' });
    const newLink = linkOf(mailsTo(sink.messages(), email)[1]!);
    await oneClick(newLink).expect(200);
    const after = await request(host.express).get('/api/v1/alerts').set(user).expect(200);
    expect(after.body.alerts).toEqual([expect.objectContaining({ id: alertId, isActive: false })]);
  });

  it('sends nothing to a user with notifications off', async () => {
    const { productId, userId, email } = await setup(40, 35);
    await request(host.express)
      .put('/api/v1/alerts/preferences')
      .set(asUser(userId, email))
      .send({ notifications: false })
      .expect(200, { notifications: false, delivery: 'instant', digestHour: 8, timeZone: 'UTC' });
    await drop(productId, 40, 30);
    await settled(db, host);
    expect(mailsTo(sink.messages(), email)).toHaveLength(0);
    const { rows } = await db.query(
      `SELECT n.status, n.skip_reason FROM alert_notifier.notifications n
      JOIN alert_notifier.alerts a ON a.id = n.alert_id WHERE a.product_id = $1`,
      [productId],
    );
    expect(rows).toEqual([{ status: 'skipped', skip_reason: 'notifications-off' }]);
  });

  it('sends nothing to a user whose email is not confirmed', async () => {
    itemCounter += 1;
    const productId = String(120_000_000_000 + itemCounter);
    catalog.listings.set(productId, { marketplace: 'ebay', title: 'Lamp', price: 50, currency: 'USD' });
    const userId = `user-${randomUUID()}`;
    const email = `${userId}@example.com`;
    const created = userChanged({ userId, change: 'created', email });
    await host.bus.publish(Topics.authUserChanged, created);
    await processed(db, created.id);
    await request(host.express)
      .post('/api/v1/alerts')
      .set(asUser(userId, email))
      .send({ productId, targetPrice: 45 })
      .expect(201);
    await drop(productId, 50, 40);
    await settled(db, host);
    expect(mailsTo(sink.messages(), email)).toHaveLength(0);
    const { rows } = await db.query(
      `SELECT n.skip_reason FROM alert_notifier.notifications n
      JOIN alert_notifier.alerts a ON a.id = n.alert_id WHERE a.product_id = $1`,
      [productId],
    );
    expect(rows).toEqual([{ skip_reason: 'unconfirmed' }]);
  });

  it("removes a deleted user's alerts, forgets the address and sends them nothing", async () => {
    const { productId, userId, email } = await setup(120, 100);
    const deleted = userChanged({ userId, change: 'deleted' });
    await host.bus.publish(Topics.authUserChanged, deleted);
    await processed(db, deleted.id);
    expect(
      (await request(host.express).get('/api/v1/alerts').set(asUser(userId, email))).body.alerts,
    ).toEqual([]);
    const { rows } = await db.query(`SELECT email, deleted FROM alert_notifier.contacts WHERE user_id = $1`, [
      userId,
    ]);
    expect(rows).toEqual([{ email: null, deleted: true }]);
    await drop(productId, 120, 90);
    await settled(db, host);
    expect(mailsTo(sink.messages(), email)).toHaveLength(0);
  });
});
