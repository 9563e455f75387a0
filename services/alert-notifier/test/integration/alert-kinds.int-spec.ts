import request from 'supertest';
import { Topics, type PriceChangedPayload } from '@pt/contracts';
import type { Database } from '@pt/platform';
import { describeAdapter } from '@pt/testing';
import { asUser, FakeCatalog, priceChanged, type NotifierUnderTest } from '../support/notifier-host';
import { alertSteps, notifierSuite, postgresAndRedis } from '../support/notifier-suite';
import { processed } from '../support/waits';

/** This year's dates read "3 Oct" (no year) in the reason, whatever year the suite runs in. */
const YEAR = new Date().getUTCFullYear();
const available = postgresAndRedis();

/**
 * Alert kinds through real Postgres, BullMQ and an SMTP sink: for each kind a sequence of
 * price.changed events fires once per crossing, stays quiet while the price stays past the
 * threshold, re-arms, and fires again; the email says which kind fired and why; bad input is 400.
 */
describeAdapter('alert-notifier alert kinds', 'postgres+bullmq+smtp', available, () => {
  let db: Database;
  let host: NotifierUnderTest;
  const catalog = new FakeCatalog();
  const suite = notifierSuite({ catalog }, (s) => ({ db, host } = s));

  const steps = alertSteps(suite, catalog, 'Kind Drone', 120_000_000_000);
  const { mailsOf, listed } = steps;
  /** A fresh USD listing at `price` and a confirmed user; `body` is the alert's kind and parameter. */
  const setup = (price: number, body: Record<string, unknown>) => steps.alertOn(price, body);

  async function change(
    productId: string,
    oldPrice: number,
    newPrice: number,
    lows?: PriceChangedPayload['lows'],
  ) {
    const event = priceChanged({ productId, oldPrice, newPrice, ...(lows ? { lows } : {}) });
    await host.bus.publish(Topics.priceChanged, event);
    await processed(db, event.id);
  }

  it('target (the default kind): fires once per crossing, re-arms, fires again', async () => {
    const { productId, email, alert } = await setup(100, { targetPrice: 90 });
    expect(alert).toMatchObject({ kind: 'target', targetPrice: 90, state: 'armed' });
    await change(productId, 100, 89);
    await change(productId, 89, 85);
    expect(await mailsOf(email)).toHaveLength(1);
    await change(productId, 85, 95);
    await change(productId, 95, 90);
    const mails = await mailsOf(email);
    expect(mails).toHaveLength(2);
    expect(mails[1].text).toContain('Alert: target price $90.00');
  });

  it('percent_drop: fires at P% below the price when it was set, once per crossing, and after re-arming', async () => {
    const { productId, userId, email, alert } = await setup(52, { kind: 'percent_drop', percent: 20 });
    // 20% below 52.00 is 41.60: the threshold is kept as the alert's target.
    expect(alert).toMatchObject({
      kind: 'percent_drop',
      percent: 20,
      basePrice: 52,
      targetPrice: 41.6,
      state: 'armed',
    });
    expect(alert).not.toHaveProperty('lastFired');

    await change(productId, 52, 41.65); // 19.9% below: nothing
    expect(await mailsOf(email)).toHaveLength(0);
    await change(productId, 41.65, 41.2); // crosses
    await change(productId, 41.2, 40); // stays below
    let mails = await mailsOf(email);
    expect(mails).toHaveLength(1);
    for (const part of [mails[0].text, mails[0].html ?? ''])
      expect(part).toContain('20% below $52.00 (the price when you set this alert): $41.20');
    expect(mails[0].text).toContain('Alert: percentage drop.');
    expect(await listed(userId, email)).toMatchObject({
      state: 'met',
      lastFired: { reason: '20% below $52.00 (the price when you set this alert): $41.20' },
    });

    await change(productId, 40, 45); // back above 41.60: re-arms
    await change(productId, 45, 41); // crosses again
    mails = await mailsOf(email);
    expect(mails).toHaveLength(2);
    expect(mails[1].text).toContain('20% below $52.00 (the price when you set this alert): $41.00');
  });

  it('lowest_in_days: fires at or below the N-day low before the price, quiet on a further low, re-arms above it', async () => {
    const { productId, userId, email, alert } = await setup(47, { kind: 'lowest_in_days', days: 90 });
    expect(alert).toMatchObject({ kind: 'lowest_in_days', days: 90, state: 'armed' });
    const lows = (low90: number, at: string) => [
      { days: 30, price: low90 + 2, at },
      { days: 90, price: low90, at },
      { days: 365, price: low90 - 10, at },
    ];

    await change(productId, 47, 44, lows(43.1, `${YEAR}-10-03`)); // above the 90-day low
    expect(await mailsOf(email)).toHaveLength(0);
    await change(productId, 44, 41.2, lows(43.1, `${YEAR}-10-03`)); // a new 90-day low
    await change(productId, 41.2, 40, lows(41.2, `${YEAR}-11-20`)); // lower still: met, quiet
    let mails = await mailsOf(email);
    expect(mails).toHaveLength(1);
    for (const part of [mails[0].text, mails[0].html ?? ''])
      expect(part).toContain('lowest in 90 days: $41.20, previous low $43.10 on 3 Oct');
    expect(mails[0].subject).toContain('is now $41.20');
    expect((await listed(userId, email)).lastFired?.reason).toBe(
      'lowest in 90 days: $41.20, previous low $43.10 on 3 Oct',
    );
    // The private feed says the same why.
    const xml = await steps.feedOf(userId, email);
    expect(xml).toContain(
      'The price dropped from $44.00 to $41.20: lowest in 90 days: $41.20, previous low $43.10 on 3 Oct.',
    );

    await change(productId, 40, 42, lows(40, `${YEAR}-11-21`)); // above the low before it: re-arms
    await change(productId, 42, 39.5, lows(40, `${YEAR}-11-21`)); // a new low again
    mails = await mailsOf(email);
    expect(mails).toHaveLength(2);
    expect(mails[1].text).toContain('lowest in 90 days: $39.50, previous low $40.00 on 21 Nov');
  });

  it('lowest_in_days: an event without lows (an older producer) neither fires nor changes its side', async () => {
    const { productId, userId, email } = await setup(47, { kind: 'lowest_in_days', days: 30 });
    await change(productId, 47, 1);
    expect(await mailsOf(email)).toHaveLength(0);
    expect(await listed(userId, email)).toMatchObject({ state: 'armed', currentPrice: 1 });
    await change(productId, 1, 0.9, [{ days: 30, price: 1, at: `${YEAR}-11-20` }]);
    expect(await mailsOf(email)).toHaveLength(1);
  });

  it('PATCH changes the kind and its parameter, re-deciding the side; a parameter of another kind is 400', async () => {
    const { userId, email, alert } = await setup(100, { targetPrice: 50 });
    const headers = asUser(userId, email);
    const patch = (body: object) =>
      request(host.express).patch(`/api/v1/alerts/${alert.id}`).set(headers).send(body);
    const toPercent = await patch({ kind: 'percent_drop', percent: 10 }).expect(200);
    expect(toPercent.body.alert).toMatchObject({
      kind: 'percent_drop',
      percent: 10,
      basePrice: 100,
      targetPrice: 90,
    });
    // A new percentage keeps the base: the price the shopper saw when setting the alert.
    expect((await patch({ percent: 25 }).expect(200)).body.alert).toMatchObject({
      basePrice: 100,
      targetPrice: 75,
    });
    const wrong = await patch({ days: 30 }).expect(400);
    expect(wrong.body.error).toMatchObject({ code: 'invalid_alert_kind' });
    const toLowest = await patch({ kind: 'lowest_in_days', days: 365 }).expect(200);
    expect(toLowest.body.alert).toMatchObject({ kind: 'lowest_in_days', days: 365, state: 'armed' });
    expect(toLowest.body.alert).not.toHaveProperty('percent');
    const back = await patch({ kind: 'target', targetPrice: 120 }).expect(200);
    expect(back.body.alert).toMatchObject({ kind: 'target', targetPrice: 120, state: 'met' });
  });

  it.each([
    ['an unknown kind', { kind: 'weekly' }],
    ['N outside 30/90/365', { kind: 'lowest_in_days', days: 60 }],
    ['a percentage of 0', { kind: 'percent_drop', percent: 0 }],
    ['a percentage of 91', { kind: 'percent_drop', percent: 91 }],
    ['a percent drop without its percentage', { kind: 'percent_drop' }],
    ['a target alert without its target', { kind: 'target' }],
  ])(
    'bad input: %s is a 400 with the error body, on POST and PATCH, and stores nothing',
    async (_c, body) => {
      const { answer, alerts, productId, user } = await steps.refused(body);
      expect(answer).toEqual({
        error: expect.objectContaining({ code: 'validation_failed', message: expect.any(String) }),
      });
      expect(alerts).toEqual([]);
      const ok = await request(host.express)
        .post('/api/v1/alerts')
        .set(user)
        .send({ productId, targetPrice: 5 })
        .expect(201);
      const patched = await request(host.express)
        .patch(`/api/v1/alerts/${ok.body.alert.id}`)
        .set(user)
        .send(body)
        .expect(400);
      expect(patched.body.error).toMatchObject({ code: 'validation_failed' });
    },
  );
});
