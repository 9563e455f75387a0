import request from 'supertest';
import { Topics } from '@pt/contracts';
import type { Database } from '@pt/platform';
import { describeAdapter } from '@pt/testing';
import { asUser, FakeCatalog, priceChanged, type NotifierUnderTest } from '../support/notifier-host';
import { alertSteps, notifierSuite, postgresAndRedis } from '../support/notifier-suite';
import { processed } from '../support/waits';

const available = postgresAndRedis();

/**
 * Landed-price alerts (item + shipping) through real Postgres, BullMQ and an SMTP sink: a landed
 * alert fires once per crossing of its landed price, an event without shipping decides nothing,
 * the email and the API say the landed total and its parts, and bad input is 400.
 */
describeAdapter('alert-notifier landed-price alerts', 'postgres+bullmq+smtp', available, () => {
  let db: Database;
  let host: NotifierUnderTest;
  const catalog = new FakeCatalog();
  const suite = notifierSuite({ catalog }, (s) => ({ db, host } = s));

  const steps = alertSteps(suite, catalog, 'Landed Drone', 140_000_000_000);
  const { mailsOf, listed } = steps;
  /** A fresh USD listing at `price` + `shipping` and a confirmed user with an alert of `body`. */
  const setup = (price: number, shipping: number | undefined, body: Record<string, unknown>) =>
    steps.alertOn(price, body, shipping !== undefined ? { shipping } : {});

  async function change(productId: string, oldPrice: number, newPrice: number, shipping?: number) {
    const event = priceChanged({
      productId,
      oldPrice,
      newPrice,
      ...(shipping !== undefined ? { shipping } : {}),
    });
    await host.bus.publish(Topics.priceChanged, event);
    await processed(db, event.id);
  }

  it('a landed target alert fires once per crossing of item + shipping, re-arms, fires again', async () => {
    const { productId, userId, email, alert } = await setup(49, 3.99, { targetPrice: 46, basis: 'landed' });
    expect(alert).toMatchObject({ kind: 'target', basis: 'landed', targetPrice: 46, state: 'armed' });

    await change(productId, 49, 44, 3.99); // item under the target, landed $47.99 over it: nothing
    expect(await mailsOf(email)).toHaveLength(0);
    await change(productId, 44, 41.2, 3.99); // landed $45.19: crosses
    await change(productId, 41.2, 40, 3.99); // still below: quiet
    await change(productId, 40, 39, undefined); // shipping unknown: undecided, keeps its side
    let mails = await mailsOf(email);
    expect(mails).toHaveLength(1);
    for (const part of [mails[0].text, mails[0].html ?? '']) {
      expect(part).toContain('landed $45.19 ($41.20 + $3.99 shipping) is at or below your target $46.00');
      expect(part).toContain('Landed price: $41.20 + $3.99 shipping = $45.19');
      expect(part).toContain('Alert on: price with shipping');
    }
    expect(mails[0].subject).toContain('is now $45.19 with shipping');
    expect(await listed(userId, email)).toMatchObject({
      basis: 'landed',
      state: 'met',
      lastFired: { reason: 'landed $45.19 ($41.20 + $3.99 shipping) is at or below your target $46.00' },
    });

    await change(productId, 39, 42.5, 3.99); // landed $46.49: re-arms
    await change(productId, 42.5, 42, 0); // free shipping: landed $42.00 crosses again
    mails = await mailsOf(email);
    expect(mails).toHaveLength(2);
    expect(mails[1].text).toContain(
      'landed $42.00 ($42.00 + free shipping) is at or below your target $46.00',
    );
  });

  it('an item alert ignores shipping but its email shows the landed price when shipping is known', async () => {
    const { productId, email, alert } = await setup(49, 3.99, { targetPrice: 46 });
    expect(alert).toMatchObject({ basis: 'item' });
    await change(productId, 49, 45, 3.99);
    const mails = await mailsOf(email);
    expect(mails).toHaveLength(1);
    for (const part of [mails[0].text, mails[0].html ?? '']) {
      expect(part).toContain('Landed price: $45.00 + $3.99 shipping = $48.99');
      expect(part).toContain('Alert on: item price');
    }
  });

  it('a landed alert whose landed price is already at or below the target starts met; PATCH basis re-decides', async () => {
    const { userId, email, alert } = await setup(44, 1, { targetPrice: 46, basis: 'landed' });
    expect(alert).toMatchObject({ state: 'met' });
    const patch = (body: object) =>
      request(host.express).patch(`/api/v1/alerts/${alert.id}`).set(asUser(userId, email)).send(body);
    expect((await patch({ targetPrice: 44.5 }).expect(200)).body.alert).toMatchObject({
      basis: 'landed',
      state: 'armed',
    });
    expect((await patch({ basis: 'item' }).expect(200)).body.alert).toMatchObject({
      basis: 'item',
      state: 'met',
    });
    // A lowest-in-N alert compares history lows, which are item prices.
    const refused = await patch({ kind: 'lowest_in_days', days: 30, basis: 'landed' }).expect(400);
    expect(refused.body.error).toMatchObject({ code: 'validation_failed' });
    await patch({ basis: 'landed' }).expect(200);
    const kept = await patch({ kind: 'lowest_in_days', days: 30 }).expect(400);
    expect(kept.body.error).toMatchObject({
      code: 'invalid_alert_basis',
      message: expect.stringMatching(/basis item/),
    });
    expect((await listed(userId, email)).kind).toBe('target');
  });

  it('a landed percentage alert measures from the landed price when set', async () => {
    const { productId, email, alert } = await setup(46, 4, {
      kind: 'percent_drop',
      percent: 10,
      basis: 'landed',
    });
    expect(alert).toMatchObject({ basis: 'landed', basePrice: 50, targetPrice: 45 });
    await change(productId, 46, 41.06, 4); // landed 45.06: 9.9% below
    expect(await mailsOf(email)).toHaveLength(0);
    await change(productId, 41.06, 41, 4); // landed 45.00: 10% below
    expect(await mailsOf(email)).toHaveLength(1);
  });

  it.each([
    ['an unknown basis', { targetPrice: 5, basis: 'delivered' }],
    ['a landed lowest-in-N alert', { kind: 'lowest_in_days', days: 90, basis: 'landed' }],
  ])('bad input: %s is a 400 with the error body and stores nothing', async (_c, body) => {
    const { answer, alerts } = await steps.refused(body, { shipping: 1 });
    expect(answer).toEqual({
      error: expect.objectContaining({ code: 'validation_failed', message: expect.any(String) }),
    });
    expect(alerts).toEqual([]);
  });

  it('a landed percentage alert on a listing whose shipping is unknown is a 400 naming it', async () => {
    const { answer } = await steps.refused({ kind: 'percent_drop', percent: 10, basis: 'landed' });
    expect(answer.error).toMatchObject({ code: 'shipping_unknown' });
  });
});
