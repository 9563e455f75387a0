import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { Topics, type TrackingChangedPayload } from '@pt/contracts';
import { listingKeyOf } from '@pt/domain';
import type { Database } from '@pt/platform';
import { createEventEnvelope } from '@pt/contracts';
import { describeAdapter, eventually } from '@pt/testing';
import { asUser, FakeCatalog, priceChanged, type NotifierUnderTest } from '../support/notifier-host';
import { alertSteps, notifierSuite, postgresAndRedis } from '../support/notifier-suite';
import { processed } from '../support/waits';

const available = postgresAndRedis();

/**
 * Any-marketplace alerts through real Postgres, BullMQ and an SMTP sink: the alert watches its
 * listing and the catalog's matches, fires once when the group's cheapest landed price crosses the
 * target (ARCHITECTURE §6), whichever member moves, however often or late the events arrive.
 */
describeAdapter('alert-notifier any-marketplace alerts', 'postgres+bullmq+smtp', available, () => {
  let db: Database;
  let host: NotifierUnderTest;
  const catalog = new FakeCatalog();
  const tracking: TrackingChangedPayload[] = [];
  const suite = notifierSuite({ catalog }, (s) => ({ db, host } = s));
  const steps = alertSteps(suite, catalog, 'Twin Headphones', 170_000_000_000);
  const { mailsOf, listed, publish } = steps;
  let twin = 0;

  beforeAll(async () => {
    await host.bus.subscribe(Topics.trackingChanged, 'test-observer', async (e) => {
      tracking.push(e.payload as TrackingChangedPayload);
    });
  });

  /** An eBay listing at $50 + $5 with an AliExpress twin at $52 + $2, and an any-marketplace alert. */
  async function groupAlert(body: Record<string, unknown> = { targetPrice: 50 }) {
    twin += 1;
    const aliId = `aliexpress_${1005000000000000 + twin}`;
    const created = await steps.alertOn(
      50,
      { scope: 'any_marketplace', ...body },
      { shipping: 5 },
      async (id) => {
        catalog.matched.set(id, [
          {
            productId: aliId,
            marketplace: 'aliexpress',
            title: `Twin Headphones ${twin} for Fans`,
            url: `https://www.aliexpress.com/item/${aliId}.html`,
            price: 52,
            shipping: 2,
            currency: 'USD',
          },
        ]);
      },
    );
    return { ...created, aliId: aliId.replace('aliexpress_', '') };
  }

  const change = (
    productId: string,
    marketplace: 'ebay' | 'aliexpress',
    oldPrice: number,
    newPrice: number,
    shipping: number,
  ) => priceChanged({ productId, marketplace, oldPrice, newPrice, shipping });

  it('watches the listing and its matches: tracking for each, the cheaper one names itself in one email (§4)', async () => {
    const { productId, userId, email, alert, aliId } = await groupAlert();
    expect(alert).toMatchObject({
      scope: 'any_marketplace',
      basis: 'landed',
      kind: 'target',
      state: 'armed',
      members: 2,
      cheapest: { marketplace: 'aliexpress', landed: 54 },
    });
    await eventually(
      () => (tracking.filter((t) => t.ownerId === alert.id && t.tracked).length === 2 ? tracking : undefined),
      { what: 'tracking.changed for both members' },
    );
    expect(
      tracking
        .filter((t) => t.ownerId === alert.id)
        .map((t) => `${t.marketplace}:${t.productId}`)
        .sort(),
    ).toEqual([`aliexpress:${aliId}`, `ebay:${productId}`]);

    await publish(Topics.priceChanged, change(productId, 'ebay', 50, 47, 5)); // $52 landed: above
    expect(await mailsOf(email)).toHaveLength(0);
    await publish(Topics.priceChanged, change(aliId, 'aliexpress', 52, 46, 2)); // $48: crosses
    await publish(Topics.priceChanged, change(aliId, 'aliexpress', 46, 44, 2)); // still below
    await publish(Topics.priceChanged, change(productId, 'ebay', 47, 40, 5)); // eBay $45 now cheapest, still below
    const mails = await mailsOf(email);
    expect(mails).toHaveLength(1);
    for (const part of [mails[0].text, mails[0].html ?? '']) {
      expect(part).toContain(
        'cheapest on AliExpress: landed $48.00 ($46.00 + $2.00 shipping) is at or below your target $50.00',
      );
      expect(part).toContain(`/product/aliexpress_${aliId}`);
    }
    expect(await listed(userId, email)).toMatchObject({
      scope: 'any_marketplace',
      state: 'met',
      cheapest: { marketplace: 'ebay', landed: 45 },
      lastFired: { reason: expect.stringContaining('cheapest on AliExpress') },
    });
  });

  it('re-arms when the cheapest goes above or out of stock, and fires again on the next crossing', async () => {
    const { productId, email, aliId } = await groupAlert();
    await publish(Topics.priceChanged, change(aliId, 'aliexpress', 52, 46, 2)); // $48: fires
    const gone = createEventEnvelope(
      Topics.listingAvailabilityChanged,
      { productId: aliId, marketplace: 'aliexpress', available: false, at: new Date().toISOString() },
      { id: randomUUID(), occurredAt: new Date().toISOString(), key: listingKeyOf('aliexpress', aliId) },
    );
    await publish(Topics.listingAvailabilityChanged, gone); // eBay $55 decides: re-arms
    await publish(Topics.priceChanged, change(productId, 'ebay', 50, 44, 5)); // $49: fires again
    const mails = await mailsOf(email);
    expect(mails).toHaveLength(2);
    expect(mails[1].text).toContain('cheapest on eBay: landed $49.00');
  });

  it('one email when members change at once, an event arrives twice, and an older one arrives late', async () => {
    const { productId, email, aliId } = await groupAlert();
    const older = change(aliId, 'aliexpress', 52, 51, 2);
    const newer = change(aliId, 'aliexpress', 51, 45, 2);
    const ebay = change(productId, 'ebay', 50, 43, 5);
    // Stamp the older observation before the newer one, then deliver them the other way round.
    older.payload.observedAt = new Date(Date.now() - 60_000).toISOString();
    await Promise.all([
      host.bus.publish(Topics.priceChanged, newer),
      host.bus.publish(Topics.priceChanged, ebay),
      host.bus.publish(Topics.priceChanged, newer),
    ]);
    await Promise.all([processed(db, newer.id), processed(db, ebay.id)]);
    await publish(Topics.priceChanged, older); // late: $53 would re-arm if it were applied
    await publish(Topics.priceChanged, change(productId, 'ebay', 43, 42, 5));
    expect(await mailsOf(email)).toHaveLength(1);
  });

  it('a product with no match watches itself', async () => {
    const created = await steps.alertOn(50, { scope: 'any_marketplace', targetPrice: 50 }, { shipping: 5 });
    expect(created.alert).toMatchObject({ scope: 'any_marketplace', members: 1 });
    await publish(Topics.priceChanged, change(created.productId, 'ebay', 50, 45, 5));
    expect(await mailsOf(created.email)).toHaveLength(1);
  });

  it.each([
    ['a percentage alert', { kind: 'percent_drop', percent: 10 }],
    ['a lowest-in-N alert', { kind: 'lowest_in_days', days: 30 }],
    ['the item basis', { targetPrice: 40, basis: 'item' }],
    ['an unknown scope', { targetPrice: 40, scope: 'everywhere' }],
  ])('bad input: any marketplace with %s is a 400 and stores nothing', async (_c, body) => {
    const { answer, alerts } = await steps.refused({ scope: 'any_marketplace', ...body }, { shipping: 1 });
    expect(answer.error).toMatchObject({ code: 'validation_failed', message: expect.any(String) });
    expect(alerts).toEqual([]);
  });

  it('PATCH cannot turn an any-marketplace alert into another kind or basis', async () => {
    const { userId, email, alert } = await groupAlert();
    for (const body of [{ kind: 'percent_drop', percent: 10 }, { basis: 'item' }]) {
      const res = await request(host.express)
        .patch(`/api/v1/alerts/${alert.id}`)
        .set(asUser(userId, email))
        .send(body)
        .expect(400);
      expect(res.body.error).toMatchObject({ code: 'invalid_alert_scope' });
    }
    const lowered = await request(host.express)
      .patch(`/api/v1/alerts/${alert.id}`)
      .set(asUser(userId, email))
      .send({ targetPrice: 45 })
      .expect(200);
    expect(lowered.body.alert).toMatchObject({
      scope: 'any_marketplace',
      targetPrice: 45,
      state: 'armed',
      members: 2,
      cheapest: { marketplace: 'aliexpress', landed: 54 },
    });
  });
});
