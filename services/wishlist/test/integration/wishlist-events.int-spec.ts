import request from 'supertest';
import { Topics, type StoredWishlistItem, type WishlistsResponse } from '@pt/contracts';
import {
  createTestPostgres,
  describeAdapter,
  eventually,
  postgresAvailability,
  type TestPostgres,
} from '@pt/testing';
import { PriceChangedConsumer } from '../../src/consumers/price-changed.consumer';
import { UserChangedConsumer } from '../../src/consumers/user-changed.consumer';
import {
  as,
  priceChanged,
  product,
  startWishlist,
  userChanged,
  type WishlistHost,
} from '../support/wishlist-host';

const HOUR = 60 * 60 * 1000;

/** Events: price.changed keeps items current (idempotently); a deleted user is erased. */
describeAdapter('database', 'postgres', postgresAvailability(), () => {
  describe('wishlist events', () => {
    let pg: TestPostgres;
    let host: WishlistHost;
    let n = 0;
    const fresh = () => `events-user-${++n}`;

    beforeAll(async () => {
      pg = await createTestPostgres();
      host = await startWishlist(pg.db);
    });
    afterAll(async () => {
      await host?.close();
      await pg?.drop();
    });

    const api = () => request(host.express);
    const read = async (userId: string) =>
      ((await api().get('/api/v1/wishlists').set(as(userId)).expect(200)).body as WishlistsResponse)
        .wishlists;
    const add = async (userId: string, id: string, price: number, extra: Record<string, unknown> = {}) => {
      const [list] = await read(userId);
      return (
        await api()
          .post(`/api/v1/wishlists/${list?.id}/items`)
          .set(as(userId))
          .send({ ...product(id, price), ...extra })
          .expect(201)
      ).body.item as StoredWishlistItem;
    };
    const itemOf = async (userId: string, itemId: string) =>
      (await read(userId)).flatMap((w) => w.items).find((i) => i.id === itemId) as StoredWishlistItem;
    const deliverPrice = (e: ReturnType<typeof priceChanged>) =>
      host
        .get(PriceChangedConsumer)
        .handle(e, { topic: Topics.priceChanged, group: 'wishlist.prices', attempt: 1 });

    it('§9: a price.changed updates the price, lowest/highest and savings of every item of that listing', async () => {
      const [u1, u2] = [fresh(), fresh()];
      const a = await add(u1, '285200000001', 100);
      const b = await add(u2, 'v1|285200000001|0', 100);
      const other = await add(u1, '285200000002', 50);
      host.clock.advance(HOUR);
      await deliverPrice(
        priceChanged({
          productId: '285200000001',
          oldPrice: 100,
          newPrice: 80,
          observedAt: host.clock.now().toISOString(),
        }),
      );
      for (const [user, item] of [
        [u1, a],
        [u2, b],
      ] as const) {
        expect(await itemOf(user, item.id)).toMatchObject({
          price: 80,
          priceWhenAdded: 100,
          lowestPrice: 80,
          highestPrice: 100,
          currentSavings: 20,
          potentialSavings: 4, // max(80 − 80, 15% × (80 − 90), 5% × 80)
          priceHistory: [
            { date: item.addedAt, price: 100 },
            { date: host.clock.now().toISOString(), price: 80 },
          ],
        });
      }
      expect((await itemOf(u1, other.id)).price).toBe(50);
    });

    it('a redelivered price.changed (same id, twice) or the same observation re-sent gives the same result', async () => {
      const user = fresh();
      const item = await add(user, '285200000003', 100);
      host.clock.advance(HOUR);
      const event = priceChanged({
        productId: '285200000003',
        newPrice: 70,
        observedAt: host.clock.now().toISOString(),
      });
      await deliverPrice(event);
      const once = await itemOf(user, item.id);
      await deliverPrice(event);
      await deliverPrice(event);
      await deliverPrice({ ...event, id: '3f0a8a1e-8f9f-4f43-a6a7-2a2f3b8e5c01' });
      expect(await itemOf(user, item.id)).toEqual(once);
      expect(once).toMatchObject({ price: 70, currentSavings: 30 });
      expect(once.priceHistory).toHaveLength(2);
    });

    it('a drop of an item, alert or not, is published once for its owner; a rise, a redelivery and an older price are not', async () => {
      const user = fresh();
      const item = await add(user, '285200000009', 100);
      const at = (hours: number) => new Date(host.clock.now().getTime() + hours * HOUR).toISOString();
      const drop = priceChanged({ productId: '285200000009', newPrice: 80, observedAt: at(2) });
      await deliverPrice(drop);
      await deliverPrice(drop);
      await deliverPrice(priceChanged({ productId: '285200000009', newPrice: 60, observedAt: at(1) }));
      await deliverPrice(priceChanged({ productId: '285200000009', newPrice: 90, observedAt: at(3) }));
      await eventually(() => host.drops.some((d) => d.itemId === item.id), { what: 'the drop event' });
      await host.drainOutbox();
      expect(host.drops.filter((d) => d.itemId === item.id)).toEqual([
        {
          userId: user,
          itemId: item.id,
          wishlistId: item.wishlistId,
          productId: '285200000009',
          marketplace: 'ebay',
          title: item.title,
          oldPrice: 100,
          newPrice: 80,
          currency: 'USD',
          observedAt: at(2),
        },
      ]);
    });

    it('an older observation adds history but never replaces a newer price; one from before adding is ignored', async () => {
      const user = fresh();
      const addedAt = host.clock.now();
      const item = await add(user, '285200000004', 100);
      host.clock.advance(2 * HOUR);
      await deliverPrice(
        priceChanged({ productId: '285200000004', newPrice: 90, observedAt: host.clock.now().toISOString() }),
      );
      await deliverPrice(
        priceChanged({
          productId: '285200000004',
          newPrice: 120,
          observedAt: new Date(addedAt.getTime() + HOUR).toISOString(),
        }),
      );
      await deliverPrice(
        priceChanged({
          productId: '285200000004',
          newPrice: 1,
          observedAt: new Date(addedAt.getTime() - HOUR).toISOString(),
        }),
      );
      expect(await itemOf(user, item.id)).toMatchObject({
        price: 90,
        lowestPrice: 90,
        highestPrice: 120,
        currentSavings: 10,
      });
      expect((await itemOf(user, item.id)).priceHistory.map((p) => p.price)).toEqual([100, 120, 90]);
    });

    it('price.changed arrives through the bus (relayed, consumed) and a poison message goes to the DLQ', async () => {
      const user = fresh();
      const item = await add(user, 'aliexpress_1005002000001', 20, { source: 'AliExpress' });
      host.clock.advance(HOUR);
      await host.bus.publish(
        Topics.priceChanged,
        priceChanged({
          productId: '1005002000001',
          marketplace: 'aliexpress',
          oldPrice: 20,
          newPrice: 15,
          observedAt: host.clock.now().toISOString(),
        }),
      );
      await eventually(async () => (await itemOf(user, item.id)).price === 15, { what: 'the new price' });
      const dead: unknown[] = [];
      const sub = await host.bus.subscribe(`${Topics.priceChanged}.dlq`, 'test', async (e) => {
        dead.push(e);
      });
      await host.bus.publish(Topics.priceChanged, {
        ...priceChanged({ productId: 'x', newPrice: 1, observedAt: 'yesterday' }),
        occurredAt: host.clock.now().toISOString(),
      });
      await eventually(() => dead.length === 1, { what: 'the dead letter' });
      await sub.close();
    });

    it('the alert target counts in potential savings while the alert is on', async () => {
      const user = fresh();
      const item = await add(user, '285200000005', 100);
      await api()
        .patch(`/api/v1/wishlist-items/${item.id}`)
        .set(as(user))
        .send({ targetPrice: 60 })
        .expect(200);
      host.clock.advance(HOUR);
      await deliverPrice(
        priceChanged({ productId: '285200000005', newPrice: 75, observedAt: host.clock.now().toISOString() }),
      );
      expect(await itemOf(user, item.id)).toMatchObject({ price: 75, potentialSavings: 15, targetPrice: 60 });
    });

    it('a price in another currency restarts the item history (prices in two currencies are not compared)', async () => {
      const user = fresh();
      const item = await add(user, '285200000006', 100);
      host.clock.advance(HOUR);
      await deliverPrice(
        priceChanged({
          productId: '285200000006',
          newPrice: 90,
          currency: 'EUR',
          observedAt: host.clock.now().toISOString(),
        }),
      );
      expect(await itemOf(user, item.id)).toMatchObject({
        price: 90,
        currency: 'EUR',
        priceWhenAdded: 90,
        currentSavings: 0,
        priceHistory: [{ price: 90 }],
      });
    });

    it('auth.user-changed {deleted} erases the user (once, redelivery is harmless) and untracks every item', async () => {
      const [gone, stays] = [fresh(), fresh()];
      const item = await add(gone, '285200000007', 100);
      await api()
        .patch(`/api/v1/wishlist-items/${item.id}`)
        .set(as(gone))
        .send({ priceAlert: true })
        .expect(200);
      const kept = await add(stays, '285200000007', 100);
      const consumer = host.get(UserChangedConsumer);
      const ctx = { topic: Topics.authUserChanged, group: 'wishlist.users', attempt: 1 };
      await consumer.handle(userChanged({ userId: gone, change: 'updated', name: 'x' }), ctx);
      expect(
        (await pg.db.query('SELECT 1 FROM wishlist.wishlists WHERE user_id = $1', [gone])).rows,
      ).toHaveLength(1);
      const deleted = userChanged({ userId: gone, change: 'deleted' });
      await consumer.handle(deleted, ctx);
      await consumer.handle(deleted, ctx);
      expect(
        (await pg.db.query('SELECT 1 FROM wishlist.wishlists WHERE user_id = $1', [gone])).rows,
      ).toHaveLength(0);
      expect(
        (await pg.db.query('SELECT 1 FROM wishlist.wishlist_items WHERE user_id = $1', [gone])).rows,
      ).toHaveLength(0);
      expect((await itemOf(stays, kept.id)).price).toBe(100);
      await eventually(() => host.tracking.some((t) => t.ownerId === item.id && !t.tracked), {
        what: 'untracked',
      });
      await eventually(() => host.alerts.some((a) => a.userId === gone && !a.enabled), { what: 'alert off' });
      expect(host.tracking.filter((t) => t.ownerId === item.id)).toEqual([
        {
          productId: '285200000007',
          marketplace: 'ebay',
          reason: 'wishlist',
          ownerId: item.id,
          userId: gone,
          tracked: true,
        },
        {
          productId: '285200000007',
          marketplace: 'ebay',
          reason: 'wishlist',
          ownerId: item.id,
          userId: gone,
          tracked: false,
        },
      ]);
    });
  });
});
