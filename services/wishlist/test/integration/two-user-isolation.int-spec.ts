import request from 'supertest';
import type { WishlistsResponse } from '@pt/contracts';
import { createTestPostgres, describeAdapter, postgresAvailability, type TestPostgres } from '@pt/testing';
import { as, product, startWishlist, type WishlistHost } from '../support/wishlist-host';

/**
 * Spec §6: a user reads and changes only their own rows. The attacker tries every route with the
 * victim's ids (and the victim's ids mixed into their own requests); each answer is 404 and the
 * victim's data is byte-for-byte what it was. The matrix runs in both directions, so a rule that
 * only holds for the user seeded first (or second) is caught.
 */
describeAdapter('database', 'postgres', postgresAvailability(), () => {
  describe('two-user isolation', () => {
    interface Seeded {
      defaultId: string;
      listId: string;
      itemId: string;
    }
    let pg: TestPostgres;
    let host: WishlistHost;
    const USERS = { Alice: 'alice-0001', Bob: 'bob-0002' } as const;
    type Name = keyof typeof USERS;
    const seeded = {} as Record<Name, Seeded>;

    const api = () => request(host.express);
    const read = async (userId: string): Promise<WishlistsResponse> =>
      (await api().get('/api/v1/wishlists').set(as(userId)).expect(200)).body as WishlistsResponse;

    async function seed(userId: string): Promise<Seeded> {
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
      // Alice is always seeded first: the swapped direction attacks the older rows.
      seeded.Alice = await seed(USERS.Alice);
      seeded.Bob = await seed(USERS.Bob);
    });
    afterAll(async () => {
      await host?.close();
      await pg?.drop();
    });

    describe.each<[Name, Name]>([
      ['Bob', 'Alice'],
      ['Alice', 'Bob'],
    ])('%s attacking %s', (attackerName, victimName) => {
      const ATTACKER = USERS[attackerName];
      const VICTIM = USERS[victimName];
      // Read lazily: the ids exist only once beforeAll has seeded both users.
      const attacker = () => seeded[attackerName];
      const victim = () => seeded[victimName];
      const secret = `${VICTIM} secret`;
      const own = `${attackerName}'s`;
      const theirs = `${victimName}'s`;

      it("lists only the caller's own wishlists", async () => {
        const mine = JSON.stringify(await read(ATTACKER));
        const victimView = await read(VICTIM);
        const theirIds = victimView.wishlists.flatMap((w) => [w.id, ...w.items.map((i) => i.id)]);
        expect(theirIds).toEqual(expect.arrayContaining([victim().listId, victim().itemId]));
        for (const id of theirIds) expect(mine).not.toContain(id);
        expect(mine).not.toContain(secret);
        expect(mine).toContain(attacker().listId);
        expect(mine).toContain(attacker().itemId);
      });

      /** What each attack answers: 404, or 400 where the body names an item unknown to the caller. */
      type Attack = [string, () => request.Test, number?];
      const attacks = (): Attack[] => [
        [
          `rename ${theirs} list`,
          () => api().patch(`/api/v1/wishlists/${victim().listId}`).set(as(ATTACKER)).send({ name: 'pwned' }),
        ],
        [
          `make ${theirs} list ${own} default`,
          () =>
            api().patch(`/api/v1/wishlists/${victim().listId}`).set(as(ATTACKER)).send({ isDefault: true }),
        ],
        [
          `delete ${theirs} list`,
          () => api().delete(`/api/v1/wishlists/${victim().listId}`).set(as(ATTACKER)),
        ],
        [
          `delete ${theirs} default list`,
          () => api().delete(`/api/v1/wishlists/${victim().defaultId}`).set(as(ATTACKER)),
        ],
        [
          `add an item to ${theirs} list`,
          () =>
            api()
              .post(`/api/v1/wishlists/${victim().listId}/items`)
              .set(as(ATTACKER))
              .send(product('285100000009')),
        ],
        [
          `reorder ${theirs} list`,
          () =>
            api()
              .put(`/api/v1/wishlists/${victim().listId}/positions`)
              .set(as(ATTACKER))
              .send([{ itemId: victim().itemId, position: 0 }]),
        ],
        [
          `reorder ${own} list naming ${theirs} item`,
          () =>
            api()
              .put(`/api/v1/wishlists/${attacker().listId}/positions`)
              .set(as(ATTACKER))
              .send([{ itemId: victim().itemId, position: 0 }]),
          400,
        ],
        [
          `edit ${theirs} note`,
          () =>
            api().patch(`/api/v1/wishlist-items/${victim().itemId}`).set(as(ATTACKER)).send({ notes: 'x' }),
        ],
        [
          `toggle ${theirs} alert`,
          () =>
            api()
              .patch(`/api/v1/wishlist-items/${victim().itemId}`)
              .set(as(ATTACKER))
              .send({ priceAlert: true }),
        ],
        [
          `move ${theirs} item into ${own} list`,
          () =>
            api()
              .patch(`/api/v1/wishlist-items/${victim().itemId}`)
              .set(as(ATTACKER))
              .send({ wishlistId: attacker().listId }),
        ],
        [
          `move ${own} item into ${theirs} list`,
          () =>
            api()
              .patch(`/api/v1/wishlist-items/${attacker().itemId}`)
              .set(as(ATTACKER))
              .send({ wishlistId: victim().listId }),
        ],
        [
          `delete ${theirs} item`,
          () => api().delete(`/api/v1/wishlist-items/${victim().itemId}`).set(as(ATTACKER)),
        ],
      ];

      it.each(attacks().map(([name], i) => [name, i] as const))(
        `${attackerName} cannot %s: refused and nothing of ${theirs} leaks or changes`,
        async (_name, index) => {
          const before = await read(VICTIM);
          const attackerBefore = await read(ATTACKER);
          const [, attack, status = 404] = attacks()[index] as Attack;
          const res = await attack();
          expect(res.status).toBe(status);
          expect(JSON.stringify(res.body)).not.toContain(secret);
          expect(res.body.error.code).toMatch(status === 404 ? /not_found$/ : /^invalid_positions$/);
          expect(await read(VICTIM)).toEqual(before);
          expect(await read(ATTACKER)).toEqual(attackerBefore);
        },
      );

      it(`an import by ${attackerName} naming ${theirs} list ids creates ${own} lists and leaves ${theirs} alone`, async () => {
        const before = await read(VICTIM);
        const res = await api()
          .post('/api/v1/wishlists/import')
          .set(as(ATTACKER))
          .send({ wishlists: [{ id: victim().listId, name: 'Private', items: [product('285100000003')] }] })
          .expect(200);
        expect(JSON.stringify(res.body)).not.toContain(victim().listId);
        expect(await read(VICTIM)).toEqual(before);
      });

      it('identity comes only from the verified user: a user id in the body or query is ignored', async () => {
        const res = await api()
          .get(`/api/v1/wishlists?userId=${VICTIM}&user_id=${VICTIM}`)
          .set(as(ATTACKER))
          .expect(200);
        expect(JSON.stringify(res.body)).not.toContain(victim().listId);
        const created = await api()
          .post('/api/v1/wishlists')
          .set(as(ATTACKER))
          .send({ name: 'Mine', userId: VICTIM, user_id: VICTIM })
          .expect(201);
        expect((await read(VICTIM)).wishlists.map((w) => w.id)).not.toContain(created.body.wishlist.id);
      });
    });
  });
});
