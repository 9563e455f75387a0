import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { Topics } from '@pt/contracts';
import type { Database } from '@pt/platform';
import { describeAdapter } from '@pt/testing';
import {
  asUser,
  availabilityChanged,
  FakeCatalog,
  priceChanged,
  type NotifierUnderTest,
} from '../support/notifier-host';
import { alertSteps, notifierSuite, postgresAndRedis } from '../support/notifier-suite';
import { processed } from '../support/waits';

const available = postgresAndRedis();

/** This year's dates read "3 Oct" (no year) in the reason. */
const YEAR = new Date().getUTCFullYear();
const at = (iso: string) => new Date(`${YEAR}-${iso}Z`);

/**
 * Back-in-stock alerts through real Postgres, BullMQ and an SMTP sink: pricing's
 * listing.availability-changed events fire an alert once per crossing (gone → available), re-arm
 * it when the listing goes again, and the email, the alerts API and the feed say it is back in
 * stock and at what price. Price changes never fire it.
 */
describeAdapter('alert-notifier back-in-stock alerts', 'postgres+bullmq+smtp', available, () => {
  let db: Database;
  let host: NotifierUnderTest;
  const catalog = new FakeCatalog();
  const suite = notifierSuite({ catalog }, (s) => ({ db, host } = s));

  const steps = alertSteps(suite, catalog, 'Stock Drone', 140_000_000_000);
  const { mailsOf, listed } = steps;
  /** Ids of the bad-input cases' listings, apart from the steps' own. */
  let counter = 0;
  /** A fresh USD listing at `price` and a confirmed user, with a back-in-stock alert on it. */
  const setup = (price: number, before?: (productId: string) => Promise<void>) =>
    steps.alertOn(price, { kind: 'back_in_stock' }, {}, before);

  async function availability(productId: string, isAvailable: boolean, when: Date, price?: number) {
    const event = availabilityChanged({
      productId,
      available: isAvailable,
      at: when,
      ...(price ? { price } : {}),
    });
    await host.bus.publish(Topics.listingAvailabilityChanged, event);
    await processed(db, event.id);
  }

  it('set while in stock: waits for an out-of-stock period, fires once when it is back, re-arms when gone again', async () => {
    const { productId, userId, email, alert, title } = await setup(50);
    // Presumed in stock: met, so being set never fires it.
    expect(alert).toMatchObject({ kind: 'back_in_stock', state: 'met', targetPrice: 0 });
    expect(alert).not.toHaveProperty('percent');

    // Available (a listing never gone): no crossing. A price drop: not this kind's business.
    await availability(productId, true, at('10-01T08:00:00'), 50);
    const drop = priceChanged({ productId, oldPrice: 50, newPrice: 20 });
    await host.bus.publish(Topics.priceChanged, drop);
    await processed(db, drop.id);
    expect(await mailsOf(email)).toHaveLength(0);

    await availability(productId, false, at('10-03T08:00:00'));
    expect(await listed(userId, email)).toMatchObject({ state: 'armed' });
    await availability(productId, true, at('10-05T09:00:00'), 44.5);
    // A repeated "available" (the listing still on sale) sends nothing more.
    await availability(productId, true, at('10-05T10:00:00'), 44.5);
    let mails = await mailsOf(email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe(`Back in stock: ${title} at $44.50`);
    for (const part of [mails[0].text, mails[0].html ?? '']) {
      expect(part).toContain('back in stock at $44.50 (unavailable since 3 Oct)');
      expect(part).toContain('Alert: back in stock.');
    }
    expect(mails[0].headers['list-unsubscribe']).toMatch(/^<http/);
    expect(await listed(userId, email)).toMatchObject({
      state: 'met',
      currentPrice: 44.5,
      lastFired: { reason: 'back in stock at $44.50 (unavailable since 3 Oct)' },
    });

    // The private feed says it too.
    const xml = await steps.feedOf(userId, email);
    expect(xml).toContain(
      'Your back-in-stock alert fired: back in stock at $44.50 (unavailable since 3 Oct).',
    );

    // Gone again, back again: the second crossing.
    await availability(productId, false, at('10-07T08:00:00'));
    await availability(productId, true, at('10-08T08:00:00'), 47);
    mails = await mailsOf(email);
    expect(mails).toHaveLength(2);
    expect(mails[1].text).toContain('back in stock at $47.00 (unavailable since 7 Oct)');
  });

  it('set while unavailable: armed, the next "available" fires; a late event older than the last is ignored', async () => {
    const { productId, email, alert } = await setup(30, (id) =>
      availability(id, false, at('09-01T08:00:00')),
    );
    expect(alert).toMatchObject({ kind: 'back_in_stock', state: 'armed' });
    // Older than what the notifier knows: says nothing about now.
    await availability(productId, true, at('08-01T08:00:00'), 29);
    expect(await mailsOf(email)).toHaveLength(0);
    await availability(productId, true, at('09-02T08:00:00'), 29);
    const mails = await mailsOf(email);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain('back in stock at $29.00 (unavailable since 1 Sept)');
  });

  it('a listing that disappears keeps its alerts of every kind, and the alerts API says since when', async () => {
    const { productId, userId, email } = await setup(50);
    const target = await request(host.express)
      .post('/api/v1/alerts')
      .set(asUser(userId, email))
      .send({ productId, targetPrice: 40 })
      .expect(201);
    await availability(productId, false, at('10-03T08:00:00'));
    const gone = await listed(userId, email);
    expect(gone).toMatchObject({
      id: target.body.alert.id,
      kind: 'target',
      targetPrice: 40,
      isActive: true,
      unavailableSince: at('10-03T08:00:00').toISOString(),
    });
    await availability(productId, true, at('10-04T08:00:00'), 48);
    const back = await listed(userId, email);
    expect(back).toMatchObject({ id: target.body.alert.id, targetPrice: 40, isActive: true });
    expect(back).not.toHaveProperty('unavailableSince');
  });

  it('a redelivered availability event changes nothing (one email)', async () => {
    const { productId, email } = await setup(30, (id) => availability(id, false, at('09-01T08:00:00')));
    const event = availabilityChanged({ productId, available: true, price: 25, at: at('09-03T08:00:00') });
    await host.bus.publish(Topics.listingAvailabilityChanged, event);
    await host.bus.publish(Topics.listingAvailabilityChanged, event);
    await processed(db, event.id);
    expect(await mailsOf(email)).toHaveLength(1);
  });

  it.each([
    ['a target', { targetPrice: 5 }],
    ['a percentage', { percent: 10 }],
    ['days', { days: 30 }],
  ])('bad input: a back-in-stock alert with %s is a 400 with the error body', async (_c, extra) => {
    counter += 1;
    const productId = String(150_000_000_000 + counter * 7919);
    catalog.listings.set(productId, { marketplace: 'ebay', title: 'X', price: 10, currency: 'USD' });
    const user = asUser(`user-${randomUUID()}`);
    const res = await request(host.express)
      .post('/api/v1/alerts')
      .set(user)
      .send({ productId, kind: 'back_in_stock', ...extra })
      .expect(400);
    expect(res.body).toEqual({
      error: expect.objectContaining({ code: 'validation_failed', message: expect.any(String) }),
    });
    // On an existing back-in-stock alert, another kind's parameter without its kind is 400 too.
    const ok = await request(host.express)
      .post('/api/v1/alerts')
      .set(user)
      .send({ productId, kind: 'back_in_stock' })
      .expect(201);
    const patched = await request(host.express)
      .patch(`/api/v1/alerts/${ok.body.alert.id}`)
      .set(user)
      .send(extra)
      .expect(400);
    expect(patched.body.error).toMatchObject({ code: 'invalid_alert_kind' });
  });
});
