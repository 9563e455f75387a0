import request from 'supertest';
import type { WishlistsResponse } from '@pt/contracts';
import { createTestPostgres, describeAdapter, postgresAvailability, type TestPostgres } from '@pt/testing';
import { as, product, startWishlist, type WishlistHost } from '../support/wishlist-host';

/**
 * Issue 9, spec §6: a user reads and changes only their own rows. Bob tries every route with
 * Alice's ids (and Alice's ids mixed into his own requests); each answer is 404 and Alice's data is
 * byte-for-byte what it was.
 */
describeAdapter('database', 'postgres', postgresAvailability(), () => {
  describe('two-user isolation', () => {
    let pg: TestPostgres;
    let host: WishlistHost;
    const ALICE = 'alice-0001';
    const BOB = 'bob-0002';
    let alice: { defaultId: string; listId: string; itemId: string };
    let bob: { defaultId: string; listId: string; itemId: string };

    const api = () => request(host.express);
    const read = async (userId: string): Promise<WishlistsResponse> =>
      (await api().get('/api/v1/wishlists').set(as(userId)).expect(200)).body as WishlistsResponse;

    async function seed(userId: string) {
      const defaultId = (await read(userId)).defaultWishlistId;
      const listId = (
        await api().post('/api/v1/wishlists').set(as(userId)).send({ name: 'Private' }).expect(201)
      ).body.wishlist.id as string;
      const itemId = (
        await api()
          .post(`/api/v1/wishlists/${listId}/items`)
          .set(as(userId))
          .send({ ...product('285100000001'), notes: `${userId} secret` })
          .expect(201)
      ).body.item.id as string;
      await api()
        .post(`/api/v1/wishlists/${defaultId}/items`)
        .set(as(userId))
        .send(product('285100000002'))
        .expect(201);
      return { defaultId, listId, itemId };
    }

    beforeAll(async () => {
      pg = await createTestPostgres();
      host = await startWishlist(pg.db);
      alice = await seed(ALICE);
      bob = await seed(BOB);
    });
    afterAll(async () => {
      await host?.close();
      await pg?.drop();
    });

    it("lists only the caller's own wishlists", async () => {
      const mine = await read(BOB);
      const ids = JSON.stringify(mine);
      expect(ids).not.toContain(alice.listId);
      expect(ids).not.toContain(alice.itemId);
      expect(ids).not.toContain(`${ALICE} secret`);
      expect(mine.wishlists.map((w) => w.id).sort()).toEqual([bob.defaultId, bob.listId].sort());
    });

    /** What each attack answers: 404, or 400 where the body names an item unknown to him. */
    type Attack = [string, () => request.Test, number?];
    const attacks = (): Attack[] => [
      [
        'rename her list',
        () => api().patch(`/api/v1/wishlists/${alice.listId}`).set(as(BOB)).send({ name: 'pwned' }),
      ],
      [
        'make her list his default',
        () => api().patch(`/api/v1/wishlists/${alice.listId}`).set(as(BOB)).send({ isDefault: true }),
      ],
      ['delete her list', () => api().delete(`/api/v1/wishlists/${alice.listId}`).set(as(BOB))],
      ['delete her default list', () => api().delete(`/api/v1/wishlists/${alice.defaultId}`).set(as(BOB))],
      [
        'add an item to her list',
        () =>
          api().post(`/api/v1/wishlists/${alice.listId}/items`).set(as(BOB)).send(product('285100000009')),
      ],
      [
        'reorder her list',
        () =>
          api()
            .put(`/api/v1/wishlists/${alice.listId}/positions`)
            .set(as(BOB))
            .send([{ itemId: alice.itemId, position: 0 }]),
      ],
      [
        'reorder his list naming her item',
        () =>
          api()
            .put(`/api/v1/wishlists/${bob.listId}/positions`)
            .set(as(BOB))
            .send([{ itemId: alice.itemId, position: 0 }]),
        400,
      ],
      [
        'edit her note',
        () => api().patch(`/api/v1/wishlist-items/${alice.itemId}`).set(as(BOB)).send({ notes: 'x' }),
      ],
      [
        'toggle her alert',
        () => api().patch(`/api/v1/wishlist-items/${alice.itemId}`).set(as(BOB)).send({ priceAlert: true }),
      ],
      [
        'move her item into his list',
        () =>
          api().patch(`/api/v1/wishlist-items/${alice.itemId}`).set(as(BOB)).send({ wishlistId: bob.listId }),
      ],
      [
        'move his item into her list',
        () =>
          api().patch(`/api/v1/wishlist-items/${bob.itemId}`).set(as(BOB)).send({ wishlistId: alice.listId }),
      ],
      ['delete her item', () => api().delete(`/api/v1/wishlist-items/${alice.itemId}`).set(as(BOB))],
    ];

    it.each(attacks().map(([name], i) => [name, i] as const))(
      'Bob cannot %s: refused and nothing of hers leaks or changes',
      async (_name, index) => {
        const before = await read(ALICE);
        const bobBefore = await read(BOB);
        const [, attack, status = 404] = attacks()[index] as Attack;
        const res = await attack();
        expect(res.status).toBe(status);
        expect(JSON.stringify(res.body)).not.toContain(`${ALICE} secret`);
        expect(res.body.error.code).toMatch(status === 404 ? /not_found$/ : /^invalid_positions$/);
        expect(await read(ALICE)).toEqual(before);
        expect(await read(BOB)).toEqual(bobBefore);
      },
    );

    it('an import by Bob naming her list ids creates his own lists and leaves hers alone', async () => {
      const before = await read(ALICE);
      const res = await api()
        .post('/api/v1/wishlists/import')
        .set(as(BOB))
        .send({ wishlists: [{ id: alice.listId, name: 'Private', items: [product('285100000003')] }] })
        .expect(200);
      expect(JSON.stringify(res.body)).not.toContain(alice.listId);
      expect(await read(ALICE)).toEqual(before);
    });

    it('identity comes only from the verified user: a user id in the body or query is ignored', async () => {
      const res = await api()
        .get(`/api/v1/wishlists?userId=${ALICE}&user_id=${ALICE}`)
        .set(as(BOB))
        .expect(200);
      expect(JSON.stringify(res.body)).not.toContain(alice.listId);
      const created = await api()
        .post('/api/v1/wishlists')
        .set(as(BOB))
        .send({ name: 'Mine', userId: ALICE, user_id: ALICE })
        .expect(201);
      expect((await read(ALICE)).wishlists.map((w) => w.id)).not.toContain(created.body.wishlist.id);
    });
  });
});
