import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { Topics, type TrackingChangedPayload } from '@pt/contracts';
import type { Database, JobQueue, Mailer } from '@pt/platform';
import {
  createTestPostgres,
  describeAdapter,
  eventually,
  postgresAvailability,
  startSmtpSink,
  type SmtpSink,
  type TestPostgres,
} from '@pt/testing';
import type { DemoControl } from '../../src';
import {
  asUser,
  FakeCatalog,
  priceChanged,
  smtpMailer,
  startNotifier,
  startSwitchableSmtp,
  testQueue,
  userChanged,
  wishlistAlert,
  type NotifierUnderTest,
} from '../support/notifier-host';
import { processed, settled } from '../support/waits';

/** The alerts API, the wishlist and auth consumers, demo control, bad input. */
describeAdapter('alert-notifier', 'postgres', postgresAvailability(), () => {
  let pgdb: TestPostgres;
  let db: Database;
  let sink: SmtpSink;
  let smtp: Awaited<ReturnType<typeof startSwitchableSmtp>>;
  let mailer: Mailer;
  let queue: JobQueue;
  let host: NotifierUnderTest;
  const catalog = new FakeCatalog();
  const pins: { id: string; price: number | null }[] = [];
  const demo: DemoControl = {
    async setPrice(productId, price) {
      if (productId === 'unknown-demo') return undefined;
      pins.push({ id: productId, price });
      return { productId, marketplace: 'ebay', pinnedPrice: price };
    },
    async setAvailability(productId, available) {
      if (productId === 'unknown-demo') return undefined;
      availability.push({ id: productId, available });
      return { productId, marketplace: 'ebay', available };
    },
  };
  const availability: { id: string; available: boolean }[] = [];
  const tracking: TrackingChangedPayload[] = [];

  beforeAll(async () => {
    pgdb = await createTestPostgres();
    db = pgdb.db;
    sink = await startSmtpSink();
    smtp = await startSwitchableSmtp(sink.url);
    mailer = smtpMailer(smtp.url);
    queue = testQueue();
    // Two tries only, so "out of retries" is reached quickly.
    host = await startNotifier({
      db,
      mailer,
      queue,
      catalog,
      demoControl: demo,
      env: { ALERT_EMAIL_ATTEMPTS: '2' },
    });
    await host.bus.subscribe(Topics.trackingChanged, 'test-observer', async (e) => {
      tracking.push(e.payload as TrackingChangedPayload);
    });
    catalog.listings.set('285112233445', {
      marketplace: 'ebay',
      title: 'Drone',
      image: 'https://img.example.com/drone.jpg',
      url: 'https://www.ebay.com/itm/285112233445',
      price: 100,
      currency: 'USD',
    });
    catalog.listings.set('v1|285112233445|0', {
      marketplace: 'ebay',
      title: 'Drone',
      price: 100,
      currency: 'USD',
    });
    catalog.listings.set('1005001234567890', {
      marketplace: 'aliexpress',
      title: 'Cable',
      price: 10,
      currency: 'USD',
    });
  });

  afterAll(async () => {
    await host?.close();
    await queue?.close();
    await mailer?.close();
    await smtp?.close();
    await sink?.close();
    await pgdb?.drop();
  });

  const newUser = () => {
    const id = `user-${randomUUID()}`;
    return { id, headers: asUser(id) };
  };

  it('creates an alert filled from the catalog, lists it, and publishes tracking.changed', async () => {
    const user = newUser();
    const res = await request(host.express)
      .post('/api/v1/alerts')
      .set(user.headers)
      .send({ productId: 'ebay_285112233445', targetPrice: 85.555 })
      .expect(201);
    expect(res.body).toEqual({
      replaced: false,
      alert: expect.objectContaining({
        productId: '285112233445',
        productTitle: 'Drone',
        productImage: 'https://img.example.com/drone.jpg',
        productUrl: 'https://www.ebay.com/itm/285112233445',
        marketplace: 'ebay',
        targetPrice: 85.56,
        currentPrice: 100,
        currency: 'USD',
        sourceCurrency: 'USD',
        isActive: true,
        browserNotifications: false,
        source: 'standalone',
        state: 'armed',
      }),
    });
    const list = await request(host.express).get('/api/v1/alerts').set(user.headers).expect(200);
    expect(list.body.alerts).toEqual([res.body.alert]);
    await eventually(() => tracking.find((t) => t.ownerId === res.body.alert.id), {
      what: 'tracking.changed',
    });
    expect(tracking.find((t) => t.ownerId === res.body.alert.id)).toEqual({
      productId: '285112233445',
      marketplace: 'ebay',
      reason: 'alert',
      ownerId: res.body.alert.id,
      userId: user.id,
      tracked: true,
      targetPrice: 85.56,
    });
  });

  it('§4: a new alert for the same listing (any id form) replaces the earlier one', async () => {
    const user = newUser();
    const first = await request(host.express)
      .post('/api/v1/alerts')
      .set(user.headers)
      .send({ productId: '285112233445', targetPrice: 90 })
      .expect(201);
    const second = await request(host.express)
      .post('/api/v1/alerts')
      .set(user.headers)
      .send({ productId: 'v1|285112233445|0', targetPrice: 80 })
      .expect(201);
    expect(second.body.replaced).toBe(true);
    const list = await request(host.express).get('/api/v1/alerts').set(user.headers).expect(200);
    expect(list.body.alerts).toEqual([
      expect.objectContaining({ id: second.body.alert.id, targetPrice: 80 }),
    ]);
    await eventually(() => tracking.find((t) => t.ownerId === first.body.alert.id && !t.tracked), {
      what: 'the replaced alert untracked',
    });
  });

  it("a title and image sent with the alert are replaced by the catalog's (they reach the email)", async () => {
    const user = newUser();
    const res = await request(host.express)
      .post('/api/v1/alerts')
      .set(user.headers)
      .send({
        productId: '285112233445',
        targetPrice: 80,
        productTitle: 'Your account is locked: sign in at evil.example',
        productImage: 'https://evil.example/track.png',
      })
      .expect(201);
    expect(res.body.alert).toMatchObject({
      productTitle: 'Drone',
      productImage: 'https://img.example.com/drone.jpg',
    });
    const list = await request(host.express).get('/api/v1/alerts').set(user.headers).expect(200);
    expect(JSON.stringify(list.body)).not.toContain('evil.example');
  });

  it('an alert created at or above the current price starts met and sends nothing until it re-arms', async () => {
    const user = newUser();
    const email = `${user.id}@example.com`;
    const confirmed = userChanged({ userId: user.id, change: 'confirmed', email });
    await host.bus.publish(Topics.authUserChanged, confirmed);
    await processed(db, confirmed.id);
    const res = await request(host.express)
      .post('/api/v1/alerts')
      .set(user.headers)
      .send({ productId: 'aliexpress_1005001234567890', targetPrice: 12 })
      .expect(201);
    expect(res.body.alert).toMatchObject({
      state: 'met',
      marketplace: 'aliexpress',
      productId: '1005001234567890',
    });
    const lower = priceChanged({
      productId: '1005001234567890',
      marketplace: 'aliexpress',
      oldPrice: 10,
      newPrice: 9,
    });
    await host.bus.publish(Topics.priceChanged, lower);
    await processed(db, lower.id);
    await settled(db, host);
    expect(sink.messages().filter((m) => m.envelope.to.includes(email))).toHaveLength(0);
    const { rows } = await db.query(
      `SELECT count(*)::int AS n FROM alert_notifier.notifications WHERE alert_id = $1`,
      [res.body.alert.id],
    );
    expect(rows[0]).toEqual({ n: 0 });
  });

  it.each([
    ['a target of 0', { productId: '285112233445', targetPrice: 0 }],
    ['a negative target', { productId: '285112233445', targetPrice: -5 }],
    ['a target that is not a number', { productId: '285112233445', targetPrice: '80' }],
    ['a missing target', { productId: '285112233445' }],
    ['a target above 10,000,000 in its currency', { productId: '285112233445', targetPrice: 10_000_001 }],
    ['a null target (JSON has no Infinity)', { productId: '285112233445', targetPrice: null }],
    ['no product id', { targetPrice: 80 }],
    ['a product id with a NUL', { productId: 'abc\u0000', targetPrice: 80 }],
  ])('answers 400 for %s', async (_case, body) => {
    const res = await request(host.express)
      .post('/api/v1/alerts')
      .set(newUser().headers)
      .send(body)
      .expect(400);
    expect(res.body.error).toEqual(
      expect.objectContaining({ code: expect.any(String), message: expect.any(String) }),
    );
  });

  it('answers 400 for an unknown product id and stores nothing', async () => {
    const user = newUser();
    const res = await request(host.express)
      .post('/api/v1/alerts')
      .set(user.headers)
      .send({ productId: '299999999999', targetPrice: 10 })
      .expect(400);
    expect(res.body).toEqual({ error: { code: 'unknown_product', message: 'Unknown product' } });
    expect((await request(host.express).get('/api/v1/alerts').set(user.headers)).body.alerts).toEqual([]);
  });

  it('bad input: a target ≤ 0 or over 10,000,000 in its currency is a 400 on POST and PATCH; 5,000,000 JPY is fine', async () => {
    const user = newUser();
    const post = (body: object) => request(host.express).post('/api/v1/alerts').set(user.headers).send(body);
    for (const targetPrice of [0, -1, 10_000_001]) {
      const res = await post({ productId: '285112233445', targetPrice, currency: 'JPY' }).expect(400);
      expect(res.body.error).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    }
    expect(
      (await post({ productId: '285112233445', targetPrice: 10_000_001 }).expect(400)).body.error,
    ).toMatchObject({
      details: [{ field: 'targetPrice', message: 'Target price must not exceed 10,000,000' }],
    });
    // A yen target is a yen amount: well past §9's 1,000,000 and still an ordinary price.
    const yen = await post({ productId: '285112233445', targetPrice: 5_000_000, currency: 'JPY' }).expect(
      201,
    );
    expect(yen.body.alert).toMatchObject({ targetPrice: 5_000_000, currency: 'JPY' });
    const patch = (targetPrice: number) =>
      request(host.express)
        .patch(`/api/v1/alerts/${yen.body.alert.id as string}`)
        .set(user.headers)
        .send({ targetPrice });
    await patch(10_000_001).expect(400);
    await patch(0).expect(400);
    expect((await patch(10_000_000).expect(200)).body.alert).toMatchObject({
      targetPrice: 10_000_000,
      currency: 'JPY',
    });
  });

  it('caps the alerts one user keeps (each one costs marketplace polls): 409 beyond 200', async () => {
    const user = newUser();
    await request(host.express)
      .post('/api/v1/alerts')
      .set(user.headers)
      .send({ productId: '285112233445', targetPrice: 80 })
      .expect(201);
    await db.query(
      `INSERT INTO alert_notifier.alerts (id, user_id, listing_key, product_id, marketplace, source,
         product_title, target_price, currency, armed, created_at, updated_at)
       SELECT gen_random_uuid(), $1, 'ebay:' || (200000000000 + g), (200000000000 + g)::text, 'ebay',
         'standalone', 'Filler', 1, 'USD', true, now(), now()
       FROM generate_series(1, 199) g`,
      [user.id],
    );
    const res = await request(host.express)
      .post('/api/v1/alerts')
      .set(user.headers)
      .send({ productId: 'aliexpress_1005001234567890', targetPrice: 8 })
      .expect(409);
    expect(res.body.error).toEqual({
      code: 'too_many_alerts',
      message: 'You can keep at most 200 price alerts',
    });
    // Replacing an alert the user already has is not a new one.
    await request(host.express)
      .post('/api/v1/alerts')
      .set(user.headers)
      .send({ productId: '285112233445', targetPrice: 70 })
      .expect(201);
  });

  it('answers 401 to anonymous callers', async () => {
    await request(host.express).get('/api/v1/alerts').expect(401);
    await request(host.express)
      .post('/api/v1/alerts')
      .send({ productId: '285112233445', targetPrice: 1 })
      .expect(401);
  });

  it("another user's alert id is a 404 for reading, changing and deleting; nothing changes", async () => {
    const owner = newUser();
    const intruder = newUser();
    const created = await request(host.express)
      .post('/api/v1/alerts')
      .set(owner.headers)
      .send({ productId: '285112233445', targetPrice: 70 })
      .expect(201);
    const id = created.body.alert.id as string;
    await request(host.express)
      .patch(`/api/v1/alerts/${id}`)
      .set(intruder.headers)
      .send({ isActive: false })
      .expect(404);
    await request(host.express).delete(`/api/v1/alerts/${id}`).set(intruder.headers).expect(404);
    await request(host.express)
      .patch(`/api/v1/alerts/not-a-uuid`)
      .set(intruder.headers)
      .send({ isActive: false })
      .expect(404);
    expect((await request(host.express).get('/api/v1/alerts').set(intruder.headers)).body.alerts).toEqual([]);
    const still = await request(host.express).get('/api/v1/alerts').set(owner.headers).expect(200);
    expect(still.body.alerts).toEqual([expect.objectContaining({ id, isActive: true, targetPrice: 70 })]);
  });

  it('PATCH changes the target (re-deciding armed/met) and switches the alert off and on; DELETE removes it', async () => {
    const user = newUser();
    const created = await request(host.express)
      .post('/api/v1/alerts')
      .set(user.headers)
      .send({ productId: '285112233445', targetPrice: 50 })
      .expect(201);
    const id = created.body.alert.id as string;
    const met = await request(host.express)
      .patch(`/api/v1/alerts/${id}`)
      .set(user.headers)
      .send({ targetPrice: 120 })
      .expect(200);
    expect(met.body.alert).toMatchObject({ targetPrice: 120, state: 'met' });
    const off = await request(host.express)
      .patch(`/api/v1/alerts/${id}`)
      .set(user.headers)
      .send({ isActive: false })
      .expect(200);
    expect(off.body.alert).toMatchObject({ isActive: false });
    await request(host.express)
      .patch(`/api/v1/alerts/${id}`)
      .set(user.headers)
      .send({ targetPrice: 0 })
      .expect(400);
    await request(host.express).patch(`/api/v1/alerts/${id}`).set(user.headers).send({}).expect(400);
    await request(host.express)
      .patch(`/api/v1/alerts/${id}`)
      .set(user.headers)
      .send({ userId: 'x' })
      .expect(400);
    await request(host.express).delete(`/api/v1/alerts/${id}`).set(user.headers).expect(204);
    await request(host.express).delete(`/api/v1/alerts/${id}`).set(user.headers).expect(404);
    expect((await request(host.express).get('/api/v1/alerts').set(user.headers)).body.alerts).toEqual([]);
  });

  it('wishlist.item-alert-changed creates a wishlist alert at 90% of the price (§4, §9) and removes it', async () => {
    const userId = `user-${randomUUID()}`;
    const on = wishlistAlert({
      userId,
      wishlistId: 'w1',
      productId: 'ebay_285112233445',
      marketplace: 'ebay',
      enabled: true,
      currentPrice: 200,
      currency: 'USD',
      title: 'Drone from the wishlist',
    });
    await host.bus.publish(Topics.wishlistItemAlertChanged, on);
    await processed(db, on.id);
    const list = await request(host.express).get('/api/v1/alerts').set(asUser(userId)).expect(200);
    expect(list.body.alerts).toEqual([
      expect.objectContaining({
        productId: '285112233445',
        source: 'wishlist',
        targetPrice: 180,
        currentPrice: 200,
        productTitle: 'Drone from the wishlist',
        state: 'armed',
      }),
    ]);
    const off = wishlistAlert({
      userId,
      wishlistId: 'w1',
      productId: '285112233445',
      marketplace: 'ebay',
      enabled: false,
    });
    await host.bus.publish(Topics.wishlistItemAlertChanged, off);
    await processed(db, off.id);
    expect((await request(host.express).get('/api/v1/alerts').set(asUser(userId))).body.alerts).toEqual([]);
  });

  it('keeps an email that ran out of retries as failed, counted and visible to admins', async () => {
    const user = newUser();
    const email = `${user.id}@example.com`;
    const confirmed = userChanged({ userId: user.id, change: 'confirmed', email });
    await host.bus.publish(Topics.authUserChanged, confirmed);
    await processed(db, confirmed.id);
    await request(host.express)
      .post('/api/v1/alerts')
      .set(user.headers)
      .send({ productId: '285112233445', targetPrice: 95 })
      .expect(201);
    smtp.down();
    try {
      const drop = priceChanged({ productId: '285112233445', oldPrice: 100, newPrice: 90 });
      await host.bus.publish(Topics.priceChanged, drop);
      await processed(db, drop.id);
      const admin = asUser('admin-1', 'admin@example.com', 'admin');
      const status = await eventually(
        async () => {
          const res = await request(host.express)
            .get('/api/v1/admin/notifications/emails')
            .set(admin)
            .expect(200);
          // The row is marked failed just before the queue moves the job to its failed set.
          return res.body.failed.length > 0 && res.body.queue.failed > 0 ? res.body : undefined;
        },
        { what: 'a failed email', timeoutMs: 30_000 },
      );
      expect(status.failed[0]).toMatchObject({ attempts: 2, error: expect.any(String) });
      expect(status.notifications.failed).toBeGreaterThanOrEqual(1);
      expect(status.queue.failed).toBeGreaterThanOrEqual(1);
      expect(JSON.stringify(status)).not.toContain(email);
      await request(host.express).get('/api/v1/admin/notifications/emails').set(user.headers).expect(403);
      await request(host.express).get('/api/v1/admin/notifications/emails').expect(401);
      smtp.up();
      // An admin sends it again once SMTP is back: it arrives once.
      await request(host.express)
        .post('/api/v1/admin/notifications/emails/retry-failed')
        .set(admin)
        .expect(200);
      await sink.waitFor((m) => m.envelope.to.includes(email));
      await settled(db, host);
      expect(sink.messages().filter((m) => m.envelope.to.includes(email))).toHaveLength(1);
    } finally {
      smtp.up();
    }
  });

  it('demo control: admins pin and unpin a demo price; others get 403/401; bad prices 400', async () => {
    const admin = asUser('admin-2', 'admin2@example.com', 'admin');
    await request(host.express)
      .put('/api/v1/admin/demo/products/285112233445/price')
      .set(admin)
      .send({ price: 12.5 })
      .expect(200, { productId: '285112233445', marketplace: 'ebay', pinnedPrice: 12.5 });
    await request(host.express)
      .delete('/api/v1/admin/demo/products/285112233445/price')
      .set(admin)
      .expect(200, { productId: '285112233445', marketplace: 'ebay', pinnedPrice: null });
    expect(pins).toEqual([
      { id: '285112233445', price: 12.5 },
      { id: '285112233445', price: null },
    ]);
    await request(host.express)
      .put('/api/v1/admin/demo/products/285112233445/price')
      .set(newUser().headers)
      .send({ price: 1 })
      .expect(403);
    await request(host.express)
      .put('/api/v1/admin/demo/products/285112233445/price')
      .send({ price: 1 })
      .expect(401);
    for (const price of [0, -1, 'x', null])
      await request(host.express)
        .put('/api/v1/admin/demo/products/285112233445/price')
        .set(admin)
        .send({ price })
        .expect(400);
    await request(host.express)
      .put('/api/v1/admin/demo/products/unknown-demo/price')
      .set(admin)
      .send({ price: 5 })
      .expect(404);
    expect(pins).toHaveLength(2);
  });

  it('demo control: admins make a demo listing unavailable and available; others 403/401; bad bodies 400', async () => {
    const admin = asUser('admin-3', 'admin3@example.com', 'admin');
    const path = '/api/v1/admin/demo/products/285112233445/availability';
    await request(host.express)
      .put(path)
      .set(admin)
      .send({ available: false })
      .expect(200, { productId: '285112233445', marketplace: 'ebay', available: false });
    await request(host.express)
      .put(path)
      .set(admin)
      .send({ available: true })
      .expect(200, { productId: '285112233445', marketplace: 'ebay', available: true });
    await request(host.express).put(path).set(newUser().headers).send({ available: false }).expect(403);
    await request(host.express).put(path).send({ available: false }).expect(401);
    for (const body of [{}, { available: 'no' }, { available: null }])
      expect((await request(host.express).put(path).set(admin).send(body).expect(400)).body).toMatchObject({
        error: { code: expect.any(String), message: expect.any(String) },
      });
    await request(host.express)
      .put('/api/v1/admin/demo/products/unknown-demo/availability')
      .set(admin)
      .send({ available: false })
      .expect(404);
    expect(availability).toEqual([
      { id: '285112233445', available: false },
      { id: '285112233445', available: true },
    ]);
  });
});
