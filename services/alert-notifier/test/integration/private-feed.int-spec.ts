import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { Topics } from '@pt/contracts';
import type { Database } from '@pt/platform';
import { describeAdapter, postgresAvailability } from '@pt/testing';
import {
  asUser,
  FakeCatalog,
  priceChanged,
  userChanged,
  wishlistDrop,
  type NotifierUnderTest,
} from '../support/notifier-host';
import { WishlistDropsRepository } from '../../src/repositories/wishlist-drops.repository';
import { FEED_ENTRY_LIMIT } from '../../src/services/alert-feed.service';
import { notifierSuite } from '../support/notifier-suite';
import { processed, settled } from '../support/waits';

const HOSTILE_TITLE = `Drone <script>alert("x")</script> & 'friends'`;

/** The private Atom feed: its switch for the signed-in user, and the token-only URL. */
describeAdapter('alert-notifier private feed', 'postgres', postgresAvailability(), () => {
  let db: Database;
  let host: NotifierUnderTest;
  const catalog = new FakeCatalog();
  catalog.listings.set('285100000001', {
    marketplace: 'ebay',
    title: HOSTILE_TITLE,
    price: 100,
    currency: 'USD',
  });
  catalog.listings.set('285100000002', {
    marketplace: 'ebay',
    title: 'Headphones',
    price: 50,
    currency: 'USD',
  });
  notifierSuite({ catalog }, (s) => ({ db, host } = s));

  const newUser = () => {
    const id = `user-${randomUUID()}`;
    return { id, email: `${id}@example.com`, headers: asUser(id) };
  };
  const feedPath = (url: string) => new URL(url).pathname;

  async function turnOn(user: ReturnType<typeof newUser>): Promise<string> {
    const res = await request(host.express).post('/api/v1/alerts/feed').set(user.headers).expect(201);
    expect(res.body.feed.url).toMatch(/^http:\/\/app\.test\/api\/v1\/feeds\/[A-Za-z0-9_-]{43}\.xml$/);
    return feedPath(res.body.feed.url as string);
  }

  /** An alert at `target` on a listing that then drops from `from` to `to`: one fired crossing. */
  async function fire(
    user: ReturnType<typeof newUser>,
    productId: string,
    target: number,
    from: number,
    to: number,
  ) {
    const confirmed = userChanged({ userId: user.id, change: 'confirmed', email: user.email });
    await host.bus.publish(Topics.authUserChanged, confirmed);
    await processed(db, confirmed.id);
    await request(host.express)
      .post('/api/v1/alerts')
      .set(user.headers)
      .send({ productId, targetPrice: target })
      .expect(201);
    const drop = priceChanged({ productId, oldPrice: from, newPrice: to });
    await host.bus.publish(Topics.priceChanged, drop);
    await processed(db, drop.id);
    await settled(db, host);
  }

  const expectNotFound = async (path: string) => {
    const res = await request(host.express).get(path).expect(404);
    expect(res.body).toEqual({ error: { code: 'not_found', message: expect.any(String) } });
  };

  it('lists a fired alert with its prices, target, time and product link, escaped, and nothing personal', async () => {
    const user = newUser();
    await fire(user, '285100000001', 95, 100, 89.5);
    const path = await turnOn(user);
    const res = await request(host.express).get(path).expect(200);
    expect(res.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, max-age=300');
    expect(res.headers['x-robots-tag']).toBe('noindex');
    const xml = res.text;
    expect(xml).toContain('<feed xmlns="http://www.w3.org/2005/Atom">');
    expect(xml).toContain(
      '<title>Drone &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &apos;friends&apos;: $100.00 → $89.50</title>',
    );
    expect(xml).toContain('from $100.00 to $89.50, at or below your price alert&apos;s target of $95.00.');
    // The same product page link as the price-drop email's.
    expect(xml).toMatch(
      /<link rel="alternate" type="text\/html" href="http:\/\/app\.test\/product\/[^"]*285100000001[^"]*"\/>/,
    );
    expect(xml).toMatch(/<updated>\d{4}-\d\d-\d\dT[\d:.]+Z<\/updated>/);
    expect(xml).not.toContain('<script');
    expect(xml).not.toContain(user.email);
    expect(xml).not.toContain(user.id);
    expect(xml.match(/<entry>/g)).toHaveLength(1);
  });

  /** Publishes the wishlist's drop event and waits until the notifier has taken it. */
  async function dropped(event: ReturnType<typeof wishlistDrop>) {
    await host.bus.publish(Topics.wishlistItemPriceDropped, event);
    await processed(db, event.id);
  }
  const entries = (xml: string) =>
    [...xml.matchAll(/<entry>.*?<title>(.*?)<\/title>.*?<category term="(.*?)"\/>/gs)].map(
      (m) => `${m[2]} ${m[1]}`,
    );

  it('lists wishlist drops without alerts beside fired alerts, newest first, once per event; an alerted drop once, as the alert', async () => {
    const user = newUser();
    await fire(user, '285100000002', 45, 50, 40);
    const older = wishlistDrop({
      userId: user.id,
      productId: '285100000003',
      title: 'Lamp',
      oldPrice: 30,
      newPrice: 25,
      observedAt: new Date(Date.now() - 60_000).toISOString(),
    });
    await dropped(older);
    await host.bus.publish(Topics.wishlistItemPriceDropped, older);
    await dropped(
      wishlistDrop({
        userId: user.id,
        productId: '285100000004',
        title: 'Kettle',
        oldPrice: 20,
        newPrice: 15,
      }),
    );
    // The wishlist's own event for the drop that fired the item's alert.
    await dropped(
      wishlistDrop({
        userId: user.id,
        productId: '285100000002',
        title: 'Headphones',
        oldPrice: 50,
        newPrice: 40,
      }),
    );
    await dropped(
      wishlistDrop({
        userId: newUser().id,
        productId: '285100000005',
        title: 'Not yours',
        oldPrice: 9,
        newPrice: 8,
      }),
    );

    const xml = (
      await request(host.express)
        .get(await turnOn(user))
        .expect(200)
    ).text;
    expect(entries(xml)).toEqual([
      'wishlist-drop Kettle: $20.00 → $15.00',
      'price-alert Headphones: $50.00 → $40.00',
      'wishlist-drop Lamp: $30.00 → $25.00',
    ]);
    expect(xml).toContain('The price of an item on your wishlist dropped from $20.00 to $15.00.');
    expect(xml).toMatch(
      /<link rel="alternate" type="text\/html" href="http:\/\/app\.test\/product\/[^"]*285100000004[^"]*"\/>/,
    );
  });

  it(`keeps a user's newest ${FEED_ENTRY_LIMIT} wishlist drops`, async () => {
    const user = newUser();
    const repository = host.nest.get(WishlistDropsRepository);
    const start = Date.now() - 3_600_000;
    for (let i = 0; i < FEED_ENTRY_LIMIT + 2; i++)
      await repository.add(
        db,
        {
          id: randomUUID(),
          userId: user.id,
          itemId: 'i',
          productId: `28510000${1000 + i}`,
          marketplace: 'ebay',
          productTitle: `Item ${i}`,
          oldPrice: 10,
          newPrice: 9,
          currency: 'USD',
          observedAt: new Date(start + i * 1000),
        },
        FEED_ENTRY_LIMIT,
      );
    const kept = await repository.listByUser(db, user.id, 100);
    expect(kept).toHaveLength(FEED_ENTRY_LIMIT);
    expect(kept.at(-1)?.productTitle).toBe('Item 2');
  });

  it("another user's token never shows your items", async () => {
    const owner = newUser();
    const other = newUser();
    await fire(owner, '285100000002', 45, 50, 40);
    const othersPath = await turnOn(other);
    const xml = (await request(host.express).get(othersPath).expect(200)).text;
    expect(xml).not.toContain('Headphones');
    expect(xml).not.toContain('<entry>');
    const ownPath = await turnOn(owner);
    expect((await request(host.express).get(ownPath).expect(200)).text).toContain('Headphones');
  });

  it('GET says whether the feed is on without the URL; a new link makes the old URL 404', async () => {
    const user = newUser();
    await request(host.express).get('/api/v1/alerts/feed').set(user.headers).expect(200, { feed: null });
    const first = await turnOn(user);
    const state = await request(host.express).get('/api/v1/alerts/feed').set(user.headers).expect(200);
    expect(state.body).toEqual({ feed: { createdAt: expect.any(String) } });
    const second = await turnOn(user);
    expect(second).not.toBe(first);
    await expectNotFound(first);
    await request(host.express).get(second).expect(200);
  });

  it('turning the feed off makes its URL 404, and off again is still 204', async () => {
    const user = newUser();
    const path = await turnOn(user);
    await request(host.express).delete('/api/v1/alerts/feed').set(user.headers).expect(204);
    await expectNotFound(path);
    await request(host.express).delete('/api/v1/alerts/feed').set(user.headers).expect(204);
    await request(host.express).get('/api/v1/alerts/feed').set(user.headers).expect(200, { feed: null });
  });

  it.each([
    ['too short', 'abc'],
    ['unknown', 'A'.repeat(43)],
    ['not base64url', `${'A'.repeat(42)}!`],
    ['a stored hash instead of the token', 'a'.repeat(64)],
  ])('a %s token is 404 with the error body', async (_name, token) => {
    await expectNotFound(`/api/v1/feeds/${encodeURIComponent(token)}.xml`);
  });

  it('a stored row holds the token hash, never the token', async () => {
    const user = newUser();
    const path = await turnOn(user);
    const token = /\/feeds\/([^/]+)\.xml$/.exec(path)?.[1] ?? '';
    const { rows } = await db.query<{ token_hash: string }>(
      `SELECT token_hash FROM alert_notifier.feed_tokens WHERE user_id = $1`,
      [user.id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('deleting the user deletes their feed token', async () => {
    const user = newUser();
    const path = await turnOn(user);
    const deleted = userChanged({ userId: user.id, change: 'deleted' });
    await host.bus.publish(Topics.authUserChanged, deleted);
    await processed(db, deleted.id);
    await expectNotFound(path);
    const { rows } = await db.query(`SELECT 1 FROM alert_notifier.feed_tokens WHERE user_id = $1`, [user.id]);
    expect(rows).toEqual([]);
  });

  it('deleting the user deletes their wishlist drops, and a drop published before the deletion but taken after is not kept', async () => {
    const user = newUser();
    await dropped(
      wishlistDrop({ userId: user.id, productId: '285100000006', title: 'Mug', oldPrice: 12, newPrice: 10 }),
    );
    const deleted = userChanged({ userId: user.id, change: 'deleted' });
    await host.bus.publish(Topics.authUserChanged, deleted);
    await processed(db, deleted.id);
    await dropped(
      wishlistDrop({ userId: user.id, productId: '285100000007', title: 'Cup', oldPrice: 12, newPrice: 10 }),
    );
    const { rows } = await db.query(`SELECT 1 FROM alert_notifier.wishlist_drops WHERE user_id = $1`, [
      user.id,
    ]);
    expect(rows).toEqual([]);
  });

  it.each(['get', 'post', 'delete'] as const)(
    '%s /api/v1/alerts/feed without a session is 401',
    async (method) => {
      const res = await request(host.express)[method]('/api/v1/alerts/feed').expect(401);
      expect(res.body.error.code).toEqual(expect.any(String));
    },
  );
});
