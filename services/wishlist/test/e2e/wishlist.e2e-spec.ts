import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { embeddedEnvSchema, startEmbedded, type EmbeddedHost } from '@pt/all-in-one';
import type {
  StoredWishlistItem,
  WishlistItemResponse,
  WishlistResponse,
  WishlistsResponse,
} from '@pt/contracts';
import {
  createManualClock,
  eventually,
  fastPollingEnv,
  startDemoMarketplaces,
  type DemoMarketplaces,
  observedPoints,
} from '@pt/testing';

const POLL_INTERVAL_MS = 2000;

/**
 * The wishlist "done when": the embedded host (PGlite, memory bus, inline queue, file mailer) behind
 * its gateway, with real tokens from /auth/v1 (sign-up, the confirmation mail from the outbox,
 * verify, password grant). Alice wishlists a demo eBay listing; the wishlist's tracking.changed
 * makes pricing poll it; the demo drop becomes price.changed, and Alice's item shows the new price
 * and savings. Bob, signed in too, cannot see or touch any of it.
 */
describe('wishlists in the embedded host', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wishlist-e2e-'));
  const clock = createManualClock(Date.UTC(2025, 6, 1, 8));
  let demo: DemoMarketplaces;
  let host: EmbeddedHost;

  beforeAll(async () => {
    demo = await startDemoMarketplaces({ seed: 'wishlist-e2e', size: 200, clock });
    host = await startEmbedded(
      embeddedEnvSchema.parse({ PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIST: dataDir }),
      {
        ...demo.env,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        ...fastPollingEnv(POLL_INTERVAL_MS),
        // The test polls the API every 25 ms while it waits; the general per-user limit is not under test.
        GATEWAY_RATE_LIMIT_IP_PER_MINUTE: '1000000',
        GATEWAY_RATE_LIMIT_USER_PER_MINUTE: '1000000',
      },
    );
  });
  afterAll(async () => {
    await host?.close();
    await demo?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function call<T>(method: string, url: string, token?: string, body?: unknown) {
    const res = await fetch(`${host.url}${url}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : {}) as T };
  }

  /** The confirmation token mailed to `email` (the file mailer's outbox of the embedded host). */
  async function mailedToken(email: string): Promise<string> {
    const outbox = path.join(dataDir, 'outbox');
    return eventually(
      () => {
        if (!fs.existsSync(outbox)) return undefined;
        for (const file of fs.readdirSync(outbox).filter((f) => f.endsWith('.json'))) {
          const mail = JSON.parse(fs.readFileSync(path.join(outbox, file), 'utf8')) as {
            to: string;
            text: string;
          };
          if (mail.to !== email) continue;
          const link = /https?:\/\/\S+/.exec(mail.text)?.[0];
          const params = link ? new URL(link).searchParams : undefined;
          const token = params?.get('token') ?? params?.get('token_hash');
          if (token) return token;
        }
        return undefined;
      },
      { timeoutMs: 20_000, what: `the confirmation mail to ${email}` },
    );
  }

  async function signIn(email: string): Promise<string> {
    const password = 'wishlist e2e passphrase';
    const signup = await call('POST', '/auth/v1/signup', undefined, { email, password });
    expect(signup.status).toBe(200);
    const verified = await call('POST', '/auth/v1/verify', undefined, {
      type: 'signup',
      token_hash: await mailedToken(email),
    });
    expect(verified.status).toBe(200);
    const session = await call<{ access_token: string }>(
      'POST',
      '/auth/v1/token?grant_type=password',
      undefined,
      {
        email,
        password,
      },
    );
    expect(session.status).toBe(200);
    return session.body.access_token;
  }

  it('keeps a signed-in user’s wishlist current through the gateway, and private', async () => {
    const product = demo.catalog
      .byMarketplace('ebay')
      .find((p) => !p.volatile && !p.variationId && demo.catalog.nextDrop(p.key, clock.now() + 600_000));
    if (!product?.itemId) throw new Error('no stable demo eBay listing with a drop');
    const drop = demo.catalog.nextDrop(product.key, clock.now() + 600_000)!;
    clock.set(drop.at.getTime() - 60_000);

    const alice = await signIn('alice@example.com');
    const bob = await signIn('bob@example.com');

    expect((await call('GET', '/api/v1/wishlists')).status).toBe(401);
    const lists = await call<WishlistsResponse>('GET', '/api/v1/wishlists', alice);
    expect(lists.status).toBe(200);
    expect(lists.body.wishlists).toEqual([expect.objectContaining({ name: 'My Wishlist', isDefault: true })]);
    const listId = lists.body.defaultWishlistId;

    const added = await call<WishlistItemResponse>('POST', `/api/v1/wishlists/${listId}/items`, alice, {
      productId: product.itemId,
      title: 'Demo listing',
      price: drop.before,
      currency: 'USD',
      source: 'eBay',
    });
    expect(added.status).toBe(201);
    expect(added.body.message).toBe('Added to wishlist');
    const item = added.body.item;
    expect(item.productId).toBe(`ebay:${product.key}`);
    const again = await call('POST', `/api/v1/wishlists/${listId}/items`, alice, {
      productId: `ebay_${product.key}`,
      title: 'Demo listing',
      price: drop.before,
    });
    expect(again).toEqual({
      status: 409,
      body: { error: { code: 'already_in_wishlist', message: 'Item is already in your wishlist' } },
    });

    // Bob sees nothing of Alice's and can change nothing of it.
    const bobs = await call<WishlistsResponse>('GET', '/api/v1/wishlists', bob);
    expect(JSON.stringify(bobs.body)).not.toContain(item.id);
    expect((await call('PATCH', `/api/v1/wishlist-items/${item.id}`, bob, { notes: 'mine' })).status).toBe(
      404,
    );
    expect((await call('DELETE', `/api/v1/wishlist-items/${item.id}`, bob)).status).toBe(404);
    expect((await call('PATCH', `/api/v1/wishlists/${listId}`, bob, { name: 'pwned' })).status).toBe(404);
    expect(
      (
        await call('POST', `/api/v1/wishlists/${listId}/items`, bob, {
          productId: '285100000001',
          title: 't',
          price: 1,
        })
      ).status,
    ).toBe(404);

    // Pricing polls the wishlisted listing; the demo drop reaches the item as price.changed.
    const current = async () =>
      (await call<WishlistsResponse>('GET', '/api/v1/wishlists', alice)).body.wishlists
        .flatMap((w) => w.items)
        .find((i) => i.id === item.id) as StoredWishlistItem;
    // The first observation records the price without a price.changed; the clock moves past the
    // drop only once pricing holds that first price, so the next poll is the change.
    const history = `/api/v1/products/${product.key}/price-history?marketplace=ebay`;
    await eventually(
      async () => observedPoints((await call<{ points?: unknown[] }>('GET', history)).body.points) >= 1,
      { what: 'the first recorded price of the listing', timeoutMs: 30_000 },
    );
    clock.set(drop.at.getTime() + 1000);
    const dropped = await eventually(
      async () => {
        const now = await current();
        return now.price === drop.after ? now : undefined;
      },
      { timeoutMs: 30_000, what: 'the dropped price on the wishlist item' },
    );
    expect(dropped).toMatchObject({
      priceWhenAdded: drop.before,
      lowestPrice: drop.after,
      highestPrice: drop.before,
      currentSavings: Math.round((drop.before - drop.after) * 100) / 100,
    });

    const alert = await call<WishlistItemResponse>('PATCH', `/api/v1/wishlist-items/${item.id}`, alice, {
      priceAlert: true,
    });
    expect(alert.body).toMatchObject({
      message: 'Price alert enabled',
      item: { priceDropAlert: true, targetPrice: Math.round(drop.after * 0.9 * 100) / 100 },
    });
    const gifts = await call<WishlistResponse>('POST', '/api/v1/wishlists', alice, { name: 'Gifts' });
    expect(gifts.body.message).toBe('Created wishlist "Gifts"');
    expect((await call('DELETE', `/api/v1/wishlists/${listId}`, alice)).body).toEqual({
      error: { code: 'cannot_delete_default', message: 'Cannot delete the default wishlist' },
    });
    expect((await call('DELETE', `/api/v1/wishlist-items/${item.id}`, alice)).status).toBe(200);
  });
});
