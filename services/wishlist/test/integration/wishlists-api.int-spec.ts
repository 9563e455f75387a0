import request from 'supertest';
import type { WishlistsResponse } from '@pt/contracts';
import { WISHLIST_MESSAGES } from '@pt/domain';
import {
  createTestPostgres,
  describeAdapter,
  eventually,
  postgresAvailability,
  type TestPostgres,
} from '@pt/testing';
import { as, product, startWishlist, type WishlistHost } from '../support/wishlist-host';

const ALICE = 'user-alice';
const EBAY_ID = '285112233445';

/** On real Postgres: every rule and message of the wishlist API (spec §4, §5, §7, §8). */
describeAdapter('database', 'postgres', postgresAvailability(), () => {
  describe('wishlist API', () => {
    let pg: TestPostgres;
    let host: WishlistHost;
    let user = 0;
    /** A fresh user per test, so tests do not share lists. */
    const fresh = () => `user-${++user}-${Date.now()}`;

    beforeAll(async () => {
      pg = await createTestPostgres();
      host = await startWishlist(pg.db);
    });
    afterAll(async () => {
      await host?.close();
      await pg?.drop();
    });

    const api = () => request(host.express);
    const lists = async (userId: string) => {
      const res = await api().get('/api/v1/wishlists').set(as(userId)).expect(200);
      return res.body as WishlistsResponse;
    };
    const createList = async (userId: string, name: string) =>
      (await api().post('/api/v1/wishlists').set(as(userId)).send({ name }).expect(201)).body.wishlist;
    const addItem = async (userId: string, listId: string, body: object) =>
      api().post(`/api/v1/wishlists/${listId}/items`).set(as(userId)).send(body);

    it('answers 401 without a verified user', async () => {
      const res = await api().get('/api/v1/wishlists').expect(401);
      expect(res.body.error.code).toBe('unauthorized');
    });

    it('§4: creates "My Wishlist" as the default on first use, once, even for concurrent requests', async () => {
      const userId = fresh();
      const [a, b] = await Promise.all([lists(userId), lists(userId)]);
      expect(a.wishlists).toHaveLength(1);
      expect(b.wishlists).toHaveLength(1);
      expect(a.wishlists[0]).toMatchObject({ name: 'My Wishlist', isDefault: true, items: [] });
      expect(a.defaultWishlistId).toBe(a.wishlists[0].id);
      expect((await lists(userId)).wishlists).toHaveLength(1);
    });

    it('§8: creates a list with \'Created wishlist "{name}"\', trimmed; duplicate names are allowed; ordered by created_at', async () => {
      const userId = fresh();
      await lists(userId);
      host.clock.advance(1000);
      const res = await api()
        .post('/api/v1/wishlists')
        .set(as(userId))
        .send({ name: '  Gifts  ' })
        .expect(201);
      expect(res.body.message).toBe('Created wishlist "Gifts"');
      expect(res.body.wishlist).toMatchObject({ name: 'Gifts', isDefault: false, items: [] });
      host.clock.advance(1000);
      await createList(userId, 'Gifts');
      expect((await lists(userId)).wishlists.map((w) => w.name)).toEqual(['My Wishlist', 'Gifts', 'Gifts']);
    });

    it.each([
      ['an empty name', { name: '' }, WISHLIST_MESSAGES.nameRequired],
      ['a blank name', { name: '   ' }, WISHLIST_MESSAGES.nameRequired],
      ['a name over 100 characters', { name: 'x'.repeat(101) }, WISHLIST_MESSAGES.nameTooLong],
      ['a name that is not text', { name: 42 }, undefined],
      ['no name', {}, undefined],
    ])('refuses %s with 400', async (_what, body, message) => {
      const userId = fresh();
      const res = await api().post('/api/v1/wishlists').set(as(userId)).send(body).expect(400);
      expect(res.body.error.code).toBe('validation_failed');
      if (message) expect(JSON.stringify(res.body.error.details)).toContain(message);
    });

    it('refuses a name with a NUL character (400, not a database error)', async () => {
      await api().post('/api/v1/wishlists').set(as(fresh())).send({ name: 'a\u0000b' }).expect(400);
    });

    it('keeps an account within 100 lists and a list within 1000 items (409)', async () => {
      const userId = fresh();
      const { wishlists } = await lists(userId);
      await pg.db.query(
        `INSERT INTO wishlist.wishlists (id, user_id, name, is_default, created_at)
         SELECT gen_random_uuid(), $1, 'bulk ' || g, false, now() FROM generate_series(1, 98) g`,
        [userId],
      );
      await createList(userId, 'The hundredth');
      const over = await api()
        .post('/api/v1/wishlists')
        .set(as(userId))
        .send({ name: 'One too many' })
        .expect(409);
      expect(over.body.error).toEqual({
        code: 'too_many_wishlists',
        message: WISHLIST_MESSAGES.tooManyWishlists,
      });

      const listId = wishlists[0].id;
      await pg.db.query(
        `INSERT INTO wishlist.wishlist_items (id, wishlist_id, user_id, product_id, marketplace, added_at, tracking_since,
           position, title, price, currency, price_when_added, lowest_price, highest_price, price_observed_at)
         SELECT gen_random_uuid(), $1, $2, 'amazon:bulk' || g, 'amazon', now(), now(), g - 1, 't', 1, 'USD', 1, 1, 1, now()
           FROM generate_series(1, 1000) g`,
        [listId, userId],
      );
      const full = await addItem(userId, listId, product(EBAY_ID));
      expect(full.status).toBe(409);
      expect(full.body.error).toEqual({ code: 'wishlist_full', message: WISHLIST_MESSAGES.wishlistFull });
    });

    it('accepts a name of exactly 100 characters', async () => {
      await createList(fresh(), 'y'.repeat(100));
    });

    it('renames, moves the default, and never leaves a user without one', async () => {
      const userId = fresh();
      const { wishlists } = await lists(userId);
      const gifts = await createList(userId, 'Gifts');
      const renamed = await api()
        .patch(`/api/v1/wishlists/${gifts.id}`)
        .set(as(userId))
        .send({ name: 'Presents' })
        .expect(200);
      expect(renamed.body).toMatchObject({
        message: WISHLIST_MESSAGES.renamed,
        wishlist: { name: 'Presents' },
      });

      await api()
        .patch(`/api/v1/wishlists/${gifts.id}`)
        .set(as(userId))
        .send({ isDefault: true })
        .expect(200);
      const after = await lists(userId);
      expect(after.wishlists.map((w) => [w.name, w.isDefault])).toEqual([
        ['My Wishlist', false],
        ['Presents', true],
      ]);
      expect(after.defaultWishlistId).toBe(gifts.id);

      const refused = await api()
        .patch(`/api/v1/wishlists/${gifts.id}`)
        .set(as(userId))
        .send({ isDefault: false })
        .expect(409);
      expect(refused.body.error.message).toBe(WISHLIST_MESSAGES.defaultRequired);
      await api().patch(`/api/v1/wishlists/${wishlists[0].id}`).set(as(userId)).send({}).expect(400);
      await api()
        .patch(`/api/v1/wishlists/${wishlists[0].id}`)
        .set(as(userId))
        .send({ name: '' })
        .expect(400);
      expect((await lists(userId)).defaultWishlistId).toBe(gifts.id);
    });

    it("§5, §8: refuses to delete the default with 'Cannot delete the default wishlist'; deleting another deletes its items", async () => {
      const userId = fresh();
      const { wishlists } = await lists(userId);
      const res = await api().delete(`/api/v1/wishlists/${wishlists[0].id}`).set(as(userId)).expect(409);
      expect(res.body.error).toEqual({
        code: 'cannot_delete_default',
        message: 'Cannot delete the default wishlist',
      });

      const gifts = await createList(userId, 'Gifts');
      const added = (await addItem(userId, gifts.id, product(EBAY_ID))).body.item;
      const deleted = await api().delete(`/api/v1/wishlists/${gifts.id}`).set(as(userId)).expect(200);
      expect(deleted.body).toEqual({ message: 'Wishlist deleted', defaultWishlistId: wishlists[0].id });
      expect((await lists(userId)).wishlists).toHaveLength(1);
      const { rows } = await pg.db.query('SELECT 1 FROM wishlist.wishlist_items WHERE id = $1', [added.id]);
      expect(rows).toHaveLength(0);
      await eventually(() => host.tracking.some((t) => t.ownerId === added.id && !t.tracked));
    });

    it("§5, §8: adds with 'Added to wishlist'; the same listing in any id form is 'Item is already in your wishlist'", async () => {
      const userId = fresh();
      const { wishlists } = await lists(userId);
      const listId = wishlists[0].id;
      const first = await addItem(userId, listId, product(EBAY_ID, 80));
      expect(first.status).toBe(201);
      expect(first.body.message).toBe('Added to wishlist');
      expect(first.body.item).toMatchObject({
        productId: `ebay:${EBAY_ID}`,
        marketplace: 'ebay',
        title: `Product ${EBAY_ID}`,
        price: 80,
        currency: 'USD',
        condition: 'New',
        position: 0,
        priceDropAlert: false,
        priceWhenAdded: 80,
        lowestPrice: 80,
        highestPrice: 80,
        currentSavings: 0,
        potentialSavings: 12, // §9: no history yet → 15% of the price
      });
      expect(first.body.item.priceHistory).toEqual([{ date: first.body.item.addedAt, price: 80 }]);

      for (const sameListing of [EBAY_ID, `v1|${EBAY_ID}|0`, `ebay_${EBAY_ID}`]) {
        const again = await addItem(userId, listId, product(sameListing));
        expect(again.status).toBe(409);
        expect(again.body.error).toEqual({
          code: 'already_in_wishlist',
          message: 'Item is already in your wishlist',
        });
      }
      const second = await addItem(
        userId,
        listId,
        product('aliexpress_1005001234567', 10, { source: 'AliExpress', url: undefined }),
      );
      expect(second.body.item).toMatchObject({ productId: 'aliexpress:1005001234567', position: 1 });

      const other = await createList(userId, 'Other');
      expect((await addItem(userId, other.id, product(EBAY_ID))).status).toBe(201);
      await eventually(() => host.tracking.some((t) => t.ownerId === first.body.item.id && t.tracked));
      expect(host.tracking.find((t) => t.ownerId === first.body.item.id)).toEqual({
        productId: EBAY_ID,
        marketplace: 'ebay',
        reason: 'wishlist',
        ownerId: first.body.item.id,
        userId,
        tracked: true,
      });
    });

    it.each([
      ['a negative price', { price: -1 }],
      ['a price as text', { price: '12' }],
      ['a price that is not a number', { price: 'cheap' }],
      ['an absurd price', { price: 1e15 }],
      ['a malformed product id', { productId: 'v1|12|0' }],
      ['an empty product id', { productId: '' }],
      ['no title', { title: '' }],
      ['an unknown marketplace', { marketplace: 'mars' }],
      ['a rating over 5', { rating: 9 }],
      // Refused at the edge by the platform's malformed-input rule.
      ['a NUL in the title', { title: 'a\u0000b' }, 'invalid_input'],
      ['a javascript: link', { url: 'javascript:alert(1)' }],
      ['a data: image', { image: 'data:text/html,<script>alert(1)</script>' }],
    ])(
      'refuses an item with %s (400, nothing stored)',
      async (_what, override, code = 'validation_failed') => {
        const userId = fresh();
        const { wishlists } = await lists(userId);
        const res = await addItem(userId, wishlists[0].id, { ...product(EBAY_ID), ...override });
        expect(res.status).toBe(400);
        expect(res.body.error.code).toBe(code);
        expect((await lists(userId)).wishlists[0].items).toEqual([]);
      },
    );

    it('answers 413 for a body over 1 MB and 400 for malformed JSON', async () => {
      const userId = fresh();
      const { wishlists } = await lists(userId);
      const big = await api()
        .post(`/api/v1/wishlists/${wishlists[0].id}/items`)
        .set(as(userId))
        .send({ ...product(EBAY_ID), notes: 'x'.repeat(1_100_000) })
        .expect(413);
      expect(big.body.error.code).toBe('payload_too_large');
      const bad = await api()
        .post('/api/v1/wishlists')
        .set(as(userId))
        .set('content-type', 'application/json')
        .send('{"name": ')
        .expect(400);
      expect(bad.body.error.code).toBe('malformed_json');
    });

    it('answers 404 for unknown ids of every route', async () => {
      const userId = fresh();
      await lists(userId);
      const ghost = '7d9f0f54-3b5e-4a8e-9d4b-0d6f5d5a1c11';
      for (const id of [ghost, 'not-a-uuid', "1' OR '1'='1"]) {
        const e = encodeURIComponent(id);
        const answers = [
          await api().patch(`/api/v1/wishlists/${e}`).set(as(userId)).send({ name: 'x' }),
          await api().delete(`/api/v1/wishlists/${e}`).set(as(userId)),
          await api().post(`/api/v1/wishlists/${e}/items`).set(as(userId)).send(product(EBAY_ID)),
          await api().put(`/api/v1/wishlists/${e}/positions`).set(as(userId)).send([]),
          await api().patch(`/api/v1/wishlist-items/${e}`).set(as(userId)).send({ notes: 'x' }),
          await api().delete(`/api/v1/wishlist-items/${e}`).set(as(userId)),
        ];
        expect(answers.map((a) => a.status)).toEqual([404, 404, 404, 404, 404, 404]);
      }
    });

    it('moves an item to the end of another list; the source closes up; a listing already there is 409', async () => {
      const userId = fresh();
      const { wishlists } = await lists(userId);
      const home = wishlists[0].id;
      const a = (await addItem(userId, home, product('285100000001'))).body.item;
      const b = (await addItem(userId, home, product('285100000002'))).body.item;
      const gifts = await createList(userId, 'Gifts');
      await addItem(userId, gifts.id, product('285100000003'));
      await addItem(userId, gifts.id, product('285100000002'));

      const moved = await api()
        .patch(`/api/v1/wishlist-items/${a.id}`)
        .set(as(userId))
        .send({ wishlistId: gifts.id })
        .expect(200);
      expect(moved.body).toMatchObject({
        message: 'Item moved',
        item: { id: a.id, wishlistId: gifts.id, position: 2 },
      });
      const after = await lists(userId);
      expect(
        after.wishlists[0].items.map((i: { id: string; position: number }) => [i.id, i.position]),
      ).toEqual([[b.id, 0]]);
      expect(after.wishlists[1].items.map((i: { productId: string }) => i.productId)).toEqual([
        'ebay:285100000003',
        'ebay:285100000002',
        'ebay:285100000001',
      ]);

      const clash = await api()
        .patch(`/api/v1/wishlist-items/${b.id}`)
        .set(as(userId))
        .send({ wishlistId: gifts.id })
        .expect(409);
      expect(clash.body.error.message).toBe('Item is already in your wishlist');
      await api()
        .patch(`/api/v1/wishlist-items/${b.id}`)
        .set(as(userId))
        .send({ wishlistId: '7d9f0f54-3b5e-4a8e-9d4b-0d6f5d5a1c11' })
        .expect(404);
      expect((await lists(userId)).wishlists[0].items.map((i: { id: string }) => i.id)).toEqual([b.id]);
    });

    it('edits the note (trimmed) and clears it with an empty or null note', async () => {
      const userId = fresh();
      const { wishlists } = await lists(userId);
      const item = (await addItem(userId, wishlists[0].id, product(EBAY_ID))).body.item;
      const noted = await api()
        .patch(`/api/v1/wishlist-items/${item.id}`)
        .set(as(userId))
        .send({ notes: '  for mum ' })
        .expect(200);
      expect(noted.body).toMatchObject({ message: 'Note updated', item: { notes: 'for mum' } });
      const cleared = await api()
        .patch(`/api/v1/wishlist-items/${item.id}`)
        .set(as(userId))
        .send({ notes: null })
        .expect(200);
      expect(cleared.body.item.notes).toBeUndefined();
    });

    it('§4: alert on → target 90% of the price (0 if unknown), off → removed; each change is published', async () => {
      const userId = fresh();
      const { wishlists } = await lists(userId);
      const item = (await addItem(userId, wishlists[0].id, product(EBAY_ID, 59.99))).body.item;
      const on = await api()
        .patch(`/api/v1/wishlist-items/${item.id}`)
        .set(as(userId))
        .send({ priceAlert: true })
        .expect(200);
      expect(on.body).toMatchObject({
        message: 'Price alert enabled',
        item: { priceDropAlert: true, targetPrice: 53.99 },
      });
      // §9 potential savings with a target: current − target.
      expect(on.body.item.potentialSavings).toBe(6);
      const off = await api()
        .patch(`/api/v1/wishlist-items/${item.id}`)
        .set(as(userId))
        .send({ priceAlert: false })
        .expect(200);
      expect(off.body).toMatchObject({ message: 'Price alert disabled', item: { priceDropAlert: false } });
      expect(off.body.item.targetPrice).toBeUndefined();
      const target = await api()
        .patch(`/api/v1/wishlist-items/${item.id}`)
        .set(as(userId))
        .send({ targetPrice: 40 })
        .expect(200);
      expect(target.body.item).toMatchObject({ priceDropAlert: true, targetPrice: 40 });

      const free = (await addItem(userId, wishlists[0].id, product('285100000009', 0))).body.item;
      const zero = await api()
        .patch(`/api/v1/wishlist-items/${free.id}`)
        .set(as(userId))
        .send({ priceAlert: true })
        .expect(200);
      expect(zero.body.item.targetPrice).toBe(0);

      await eventually(() => host.alerts.filter((a) => a.userId === userId).length >= 4);
      expect(
        host.alerts.filter((a) => a.userId === userId).map((a) => [a.productId, a.enabled, a.targetPrice]),
      ).toEqual([
        [EBAY_ID, true, 53.99],
        [EBAY_ID, false, undefined],
        [EBAY_ID, true, 40],
        ['285100000009', true, 0],
      ]);
      expect(host.alerts.find((a) => a.userId === userId)).toMatchObject({
        wishlistId: wishlists[0].id,
        marketplace: 'ebay',
        currentPrice: 59.99,
        currency: 'USD',
        title: `Product ${EBAY_ID}`,
      });
    });

    it('answers prices and targets as stored: beyond cents they are rounded once, before any use', async () => {
      const userId = fresh();
      const { wishlists } = await lists(userId);
      const stored = async () => (await lists(userId)).wishlists[0].items[0];
      const res = await addItem(userId, wishlists[0].id, product(EBAY_ID, 10.555));
      expect(res.status).toBe(201);
      const added = res.body.item;
      expect(added.price).toBe(10.56);
      expect(added).toEqual(await stored());
      const target = await api()
        .patch(`/api/v1/wishlist-items/${added.id}`)
        .set(as(userId))
        .send({ targetPrice: 8.345 })
        .expect(200);
      expect(target.body.item).toMatchObject({ targetPrice: 8.35, potentialSavings: 2.21 });
      expect(target.body.item).toEqual(await stored());
      await eventually(() => host.alerts.some((a) => a.userId === userId));
      expect(host.alerts.find((a) => a.userId === userId)?.targetPrice).toBe(8.35);

      const imported = await api()
        .post('/api/v1/wishlists/import')
        .set(as(userId))
        .send({
          wishlists: [
            {
              id: 'wl-cents',
              name: 'Cents',
              items: [{ ...product('285100000007', 19.999), priceDropAlert: true, targetPrice: 15.005 }],
            },
          ],
        })
        .expect(200);
      const item = imported.body.wishlists[1].items[0];
      expect(item).toMatchObject({ price: 20, targetPrice: 15.01 });
      expect(item).toEqual((await lists(userId)).wishlists[1].items[0]);
    });

    it.each([
      ['a negative target price', { targetPrice: -5 }],
      ['a target price as text', { targetPrice: '5' }],
      ['a target with the alert off', { priceAlert: false, targetPrice: 5 }],
      ['nothing to change', {}],
      ['a note that is not text', { notes: 5 }],
    ])('refuses an item update with %s (400, nothing changes)', async (_what, body) => {
      const userId = fresh();
      const { wishlists } = await lists(userId);
      const item = (await addItem(userId, wishlists[0].id, product(EBAY_ID))).body.item;
      await api().patch(`/api/v1/wishlist-items/${item.id}`).set(as(userId)).send(body).expect(400);
      expect((await lists(userId)).wishlists[0].items[0]).toEqual(item);
    });

    it('§7: reorders by position in one transaction; unknown or duplicate items are 400 and nothing changes', async () => {
      const userId = fresh();
      const { wishlists } = await lists(userId);
      const listId = wishlists[0].id;
      const ids: string[] = [];
      for (const n of [1, 2, 3])
        ids.push((await addItem(userId, listId, product(`28510000000${n}`))).body.item.id);
      const order = async () => (await lists(userId)).wishlists[0].items.map((i: { id: string }) => i.id);

      const res = await api()
        .put(`/api/v1/wishlists/${listId}/positions`)
        .set(as(userId))
        .send([
          { itemId: ids[2], position: 0 },
          { itemId: ids[0], position: 1 },
          { itemId: ids[1], position: 2 },
        ])
        .expect(200);
      expect(res.body.message).toBe('Wishlist reordered');
      expect(
        res.body.wishlist.items.map((i: { id: string; position: number }) => [i.id, i.position]),
      ).toEqual([
        [ids[2], 0],
        [ids[0], 1],
        [ids[1], 2],
      ]);
      await api()
        .put(`/api/v1/wishlists/${listId}/positions`)
        .set(as(userId))
        .send({ positions: [{ itemId: ids[1], position: 0 }] })
        .expect(200);
      expect(await order()).toEqual([ids[1], ids[2], ids[0]]);

      const other = await createList(userId, 'Other');
      const elsewhere = (await addItem(userId, other.id, product('285100000007'))).body.item.id;
      const bad = [
        [
          { itemId: ids[0], position: 0 },
          { itemId: '7d9f0f54-3b5e-4a8e-9d4b-0d6f5d5a1c11', position: 1 },
        ],
        [
          { itemId: ids[0], position: 0 },
          { itemId: elsewhere, position: 1 },
        ],
        [
          { itemId: ids[0], position: 0 },
          { itemId: ids[0], position: 1 },
        ],
        [
          { itemId: ids[0], position: 0 },
          { itemId: ids[2], position: 0 },
        ],
        [{ itemId: ids[0], position: -1 }],
        [{ itemId: ids[0], position: 'first' }],
        { order: [] },
      ];
      for (const body of bad) {
        const refused = await api().put(`/api/v1/wishlists/${listId}/positions`).set(as(userId)).send(body);
        expect(refused.status).toBe(400);
      }
      expect(await order()).toEqual([ids[1], ids[2], ids[0]]);
    });

    it('removes an item with "Removed from wishlist"; positions close up; the listing stops being tracked', async () => {
      const userId = fresh();
      const { wishlists } = await lists(userId);
      const listId = wishlists[0].id;
      const a = (await addItem(userId, listId, product('285100000001'))).body.item;
      const b = (await addItem(userId, listId, product('285100000002'))).body.item;
      const res = await api().delete(`/api/v1/wishlist-items/${a.id}`).set(as(userId)).expect(200);
      expect(res.body.message).toBe('Removed from wishlist');
      expect(
        (await lists(userId)).wishlists[0].items.map((i: { id: string; position: number }) => [
          i.id,
          i.position,
        ]),
      ).toEqual([[b.id, 0]]);
      await api().delete(`/api/v1/wishlist-items/${a.id}`).set(as(userId)).expect(404);
      await eventually(() => host.tracking.some((t) => t.ownerId === a.id && t.tracked === false));
    });

    it('imports the anonymous browser data idempotently: no duplicates, notes and alerts kept', async () => {
      const userId = fresh();
      await lists(userId);
      const gifts = await createList(userId, 'Gifts');
      await addItem(userId, gifts.id, product('285100000005', 30));
      const local = {
        activeWishlistId: 'default',
        wishlists: [
          {
            id: 'default',
            name: 'My Wishlist',
            isDefault: true,
            createdAt: '2026-01-01T00:00:00.000Z',
            items: [
              {
                ...product('285100000001', 50),
                notes: 'birthday',
                priceDropAlert: true,
                targetPrice: 42,
                position: 1,
                addedAt: '2026-01-02T00:00:00.000Z',
              },
              { ...product('v1|285100000002|0', 20), note: 'old name for notes', position: 0 },
              { ...product('v1|12|0', 20), position: 2 }, // names no listing: skipped
            ],
          },
          {
            id: 'wl-1700000000',
            name: 'gifts',
            items: [{ ...product('285100000005', 35), notes: 'local note' }, product('285100000006', 15)],
          },
          {
            id: 'wl-1700000001',
            name: 'Camping',
            items: [{ ...product('aliexpress_1005001234567', 9), source: 'AliExpress', rating: 17 }],
          },
        ],
      };
      const first = await api().post('/api/v1/wishlists/import').set(as(userId)).send(local).expect(200);
      expect(first.body.imported).toEqual({ wishlists: 1, items: 4, skipped: 1 });
      expect(first.body.message).toBe('Wishlists imported');
      const shape = (body: WishlistsResponse) =>
        body.wishlists.map((w) => ({
          name: w.name,
          isDefault: w.isDefault,
          items: w.items.map((i) => [i.productId, i.position, i.notes, i.priceDropAlert, i.targetPrice]),
        }));
      expect(shape(first.body)).toEqual([
        {
          name: 'My Wishlist',
          isDefault: true,
          items: [
            ['ebay:285100000002', 0, 'old name for notes', false, undefined],
            ['ebay:285100000001', 1, 'birthday', true, 42],
          ],
        },
        {
          name: 'Gifts',
          isDefault: false,
          items: [
            ['ebay:285100000005', 0, undefined, false, undefined],
            ['ebay:285100000006', 1, undefined, false, undefined],
          ],
        },
        {
          name: 'Camping',
          isDefault: false,
          items: [['aliexpress:1005001234567', 0, undefined, false, undefined]],
        },
      ]);
      const birthday = first.body.wishlists[0].items[1];
      expect(birthday.addedAt).toBe('2026-01-02T00:00:00.000Z');
      expect(first.body.wishlists[2].items[0].rating).toBeUndefined();

      const second = await api().post('/api/v1/wishlists/import').set(as(userId)).send(local).expect(200);
      expect(second.body.imported).toEqual({ wishlists: 0, items: 0, skipped: 1 });
      expect(shape(second.body)).toEqual(shape(first.body));
      expect(second.body.wishlists).toEqual(first.body.wishlists);
      await eventually(() =>
        host.alerts.some(
          (a) => a.userId === userId && a.productId === '285100000001' && a.targetPrice === 42,
        ),
      );
    });

    it('refuses an import that is not wishlist data with 400', async () => {
      const userId = fresh();
      await api().post('/api/v1/wishlists/import').set(as(userId)).send({ wishlists: 'nope' }).expect(400);
      await api().post('/api/v1/wishlists/import').set(as(userId)).send([]).expect(400);
      await api()
        .post('/api/v1/wishlists/import')
        .set(as(ALICE))
        .send({ wishlists: [{ id: 'x', name: 'n', items: [{ title: 'no id' }] }] })
        .expect(400);
    });
  });
});
