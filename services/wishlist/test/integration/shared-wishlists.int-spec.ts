import { randomBytes } from 'node:crypto';
import request from 'supertest';
import {
  SharedWishlistSchema,
  Topics,
  type WishlistShareResponse,
  type WishlistsResponse,
} from '@pt/contracts';
import { createTestPostgres, describeAdapter, postgresAvailability, type TestPostgres } from '@pt/testing';
import { UserChangedConsumer } from '../../src/consumers/user-changed.consumer';
import { as, product, startWishlist, userChanged, type WishlistHost } from '../support/wishlist-host';

/**
 * Read-only share links (§3 Wishlist shareToken). The attacks are the tests: another user sharing
 * or revoking my list, guessing tokens, reading personal data from the public view, and reusing a
 * link after it was revoked or replaced.
 */
describeAdapter('database', 'postgres', postgresAvailability(), () => {
  describe('shared wishlists', () => {
    let pg: TestPostgres;
    let host: WishlistHost;
    let n = 0;
    const fresh = () => `share-user-${++n}`;
    const api = () => request(host.express);

    beforeAll(async () => {
      pg = await createTestPostgres();
      host = await startWishlist(pg.db);
    });
    afterAll(async () => {
      await host?.close();
      await pg?.drop();
    });

    /** A list named `name` with two items, one of them with a note and a price alert. */
    async function listWithItems(owner: string, name = 'Birthday ideas'): Promise<string> {
      const id = (await api().post('/api/v1/wishlists').set(as(owner)).send({ name }).expect(201)).body
        .wishlist.id as string;
      const first = await api()
        .post(`/api/v1/wishlists/${id}/items`)
        .set(as(owner))
        .send({ ...product('285300000001', 40), notes: 'secret note of the owner' })
        .expect(201);
      await api()
        .patch(`/api/v1/wishlist-items/${first.body.item.id as string}`)
        .set(as(owner))
        .send({ targetPrice: 31.5 })
        .expect(200);
      await api()
        .post(`/api/v1/wishlists/${id}/items`)
        .set(as(owner))
        .send(product('285300000002', 60))
        .expect(201);
      return id;
    }

    const share = async (owner: string, id: string): Promise<WishlistShareResponse> =>
      (await api().post(`/api/v1/wishlists/${id}/share`).set(as(owner)).expect(201))
        .body as WishlistShareResponse;

    /** What the owner's own read says of the list: `shared: true` while a link opens it. */
    const sharedFlag = async (owner: string, id: string): Promise<boolean | undefined> => {
      const res = await api().get('/api/v1/wishlists').set(as(owner)).expect(200);
      const lists = (res.body as WishlistsResponse).wishlists;
      return lists.find((l) => l.id === id)?.shared;
    };

    const expectGone = async (token: string) => {
      const res = await api()
        .get(`/api/v1/shared-wishlists/${encodeURIComponent(token)}`)
        .expect(404);
      expect(res.body).toEqual({
        error: { code: 'shared_wishlist_not_found', message: expect.any(String) },
      });
    };

    it('§3 shareToken: the owner gets a 256-bit link that opens the list for anyone, signed out', async () => {
      const owner = fresh();
      const id = await listWithItems(owner);
      const link = await share(owner, id);
      expect(link.shareToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(link.shareToken, 'base64url')).toHaveLength(32);
      expect(link.url).toBe(`/shared/${link.shareToken}`);

      const res = await api().get(`/api/v1/shared-wishlists/${link.shareToken}`).expect(200);
      expect(res.headers['x-robots-tag']).toBe('noindex');
      const shared = SharedWishlistSchema.parse(res.body);
      expect(shared.name).toBe('Birthday ideas');
      expect(shared.itemCount).toBe(2);
      expect(shared.items.map((i) => [i.productId, i.price, i.currency])).toEqual([
        ['ebay:285300000001', 40, 'USD'],
        ['ebay:285300000002', 60, 'USD'],
      ]);
    });

    it('the public view leaks no personal data: only the name, the count and listing fields', async () => {
      const owner = fresh();
      const id = await listWithItems(owner);
      const { shareToken } = await share(owner, id);
      const res = await api().get(`/api/v1/shared-wishlists/${shareToken}`).expect(200);
      const body = res.body as Record<string, unknown> & { items: Record<string, unknown>[] };
      expect(Object.keys(body).sort()).toEqual(['itemCount', 'items', 'name']);
      for (const item of body.items)
        expect(Object.keys(item).sort()).toEqual(
          ['currency', 'imageUrl', 'marketplace', 'price', 'productId', 'source', 'title', 'url'].sort(),
        );
      const text = JSON.stringify(body);
      for (const secret of [owner, id, 'secret note of the owner', '31.5', 'targetPrice', 'notes', 'userId'])
        expect(text).not.toContain(secret);
    });

    it('only the owner can share or revoke: another user gets 404 and the link keeps working', async () => {
      const [owner, attacker] = [fresh(), fresh()];
      const id = await listWithItems(owner);
      const { shareToken } = await share(owner, id);
      for (const method of ['post', 'delete'] as const) {
        const res = await api()[method](`/api/v1/wishlists/${id}/share`).set(as(attacker)).expect(404);
        expect(res.body.error.code).toBe('wishlist_not_found');
      }
      await api().post(`/api/v1/wishlists/${id}/share`).expect(401);
      await api().delete(`/api/v1/wishlists/${id}/share`).expect(401);
      await api().post('/api/v1/wishlists/not-a-uuid/share').set(as(owner)).expect(404);
      await api().get(`/api/v1/shared-wishlists/${shareToken}`).expect(200);
    });

    it('the old link answers 404 after a revoke and after a new link replaced it', async () => {
      const owner = fresh();
      const id = await listWithItems(owner);
      const first = await share(owner, id);
      const second = await share(owner, id);
      expect(second.shareToken).not.toBe(first.shareToken);
      await expectGone(first.shareToken);
      await api().get(`/api/v1/shared-wishlists/${second.shareToken}`).expect(200);
      expect(await sharedFlag(owner, id)).toBe(true);
      await api().delete(`/api/v1/wishlists/${id}/share`).set(as(owner)).expect(204);
      await expectGone(second.shareToken);
      expect(await sharedFlag(owner, id)).toBeUndefined();
      // Revoking a list that is not shared is still the owner's no-op, not an error.
      await api().delete(`/api/v1/wishlists/${id}/share`).set(as(owner)).expect(204);
    });

    it('enumerating tokens gets 404: random, malformed and oversized tokens alike', async () => {
      const owner = fresh();
      await share(owner, await listWithItems(owner));
      const guesses = [
        ...Array.from({ length: 20 }, () => randomBytes(32).toString('base64url')),
        'a',
        'x'.repeat(43),
        'x'.repeat(5000),
        "' OR 1=1 --",
        '../wishlists',
        '%00',
      ];
      for (const guess of guesses) await expectGone(guess);
    });

    it('only the hash of a token is stored, so a copy of the table opens no list', async () => {
      const owner = fresh();
      const id = await listWithItems(owner);
      const { shareToken } = await share(owner, id);
      const { rows } = await pg.db.query<Record<string, unknown>>(
        'SELECT * FROM wishlist.wishlists WHERE id = $1',
        [id],
      );
      const stored = JSON.stringify(rows[0]);
      expect(stored).not.toContain(shareToken);
      expect(rows[0]?.share_token).toBeNull();
      expect(rows[0]?.share_token_hash).toMatch(/^[0-9a-f]{64}$/);
    });

    it('deleting the list or its user ends the share', async () => {
      const owner = fresh();
      const listId = await listWithItems(owner, 'Goes away');
      const listLink = await share(owner, listId);
      await api().delete(`/api/v1/wishlists/${listId}`).set(as(owner)).expect(200);
      await expectGone(listLink.shareToken);

      const userLink = await share(owner, await listWithItems(owner, 'Owner leaves'));
      await host.get(UserChangedConsumer).handle(userChanged({ userId: owner, change: 'deleted' }), {
        topic: Topics.authUserChanged,
        group: 'wishlist.users',
        attempt: 1,
      });
      await expectGone(userLink.shareToken);
    });
  });
});
