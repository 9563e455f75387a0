import { QueryClient } from '@tanstack/react-query';
import type { StoredWishlist, StoredWishlistItem, WishlistsResponse } from '@pt/contracts';
import { WISHLIST_MESSAGES } from '@pt/domain';
import { ApiError } from '../../../lib/api';
import { chooseServerWishlist, chosenServerWishlist } from '../utils/active-wishlist';
import { positionsFor, productPageId, serverState, type WishlistApi } from './server-wishlists';
import { serverWishlistActions, wishlistKeys } from './wishlist-actions';
import { failureMessage } from '../utils/wishlist-results';

const USER = 'user-1';

const item = (id: string, productId: string, position: number): StoredWishlistItem => ({
  id,
  wishlistId: 'list-default',
  productId,
  marketplace: 'ebay',
  title: productId,
  price: 10,
  currency: 'USD',
  condition: 'New',
  addedAt: '2026-01-01T00:00:00.000Z',
  trackingSince: '2026-01-01T00:00:00.000Z',
  priceHistory: [],
  priceWhenAdded: 10,
  lowestPrice: 10,
  highestPrice: 10,
  currentSavings: 0,
  potentialSavings: 1.5,
  priceDropAlert: false,
  position,
});

const list = (id: string, items: StoredWishlistItem[], isDefault = false): StoredWishlist => ({
  id,
  name: id,
  isDefault,
  createdAt: '2026-01-01T00:00:00.000Z',
  items,
});

function lists(): WishlistsResponse {
  return {
    defaultWishlistId: 'list-default',
    wishlists: [
      list(
        'list-default',
        [item('i-a', 'ebay:a', 0), item('i-b', 'ebay:b', 1), item('i-c', 'ebay:c', 2)],
        true,
      ),
      list('list-gifts', []),
    ],
  };
}

/** The wishlist service as the actions see it: records each call; a call can be made to fail. */
function fakeApi(failWith?: unknown) {
  const calls: Array<[string, ...unknown[]]> = [];
  const answer =
    <T>(name: string, value: T) =>
    (...args: unknown[]) => {
      calls.push([name, ...args]);
      return failWith ? Promise.reject(failWith) : Promise.resolve(value);
    };
  const api = {
    list: () => Promise.resolve(lists()),
    create: answer('create', { message: 'Created wishlist "x"' }),
    rename: answer('rename', { message: WISHLIST_MESSAGES.renamed }),
    remove: answer('remove', { message: WISHLIST_MESSAGES.deleted, defaultWishlistId: 'list-default' }),
    addItem: answer('addItem', { message: WISHLIST_MESSAGES.added }),
    positions: answer('positions', { message: WISHLIST_MESSAGES.reordered }),
    updateItem: answer('updateItem', { message: WISHLIST_MESSAGES.moved }),
    removeItem: answer('removeItem', { message: WISHLIST_MESSAGES.removed }),
    importLocal: answer('importLocal', {}),
  } as unknown as WishlistApi;
  return { api, calls };
}

function setup(failWith?: unknown) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const { api, calls } = fakeApi(failWith);
  queryClient.setQueryData(wishlistKeys.of(USER), lists());
  return { queryClient, calls, actions: serverWishlistActions(USER, queryClient, api) };
}

const product = { id: 'sample-ebay-1', title: 'Lamp', price: 20, image: 'javascript:alert(1)' };

describe('§8 messages of the signed-in wishlist actions', () => {
  it.each([
    ['load', new ApiError(500, 'internal', 'boom'), 'Failed to load wishlist data'],
    ['create', new ApiError(500, 'internal', 'boom'), 'Failed to create wishlist'],
    [
      'rename',
      new ApiError(503, 'unavailable', 'down', 20),
      'Failed to update wishlist. The service is unavailable right now. Try again in 20 seconds.',
    ],
    [
      'load',
      new ApiError(429, 'rate_limited', 'x', 30),
      'Failed to load wishlist data. Too many requests. Please wait before trying again. Try again in 30 seconds.',
    ],
    ['delete', new ApiError(500, 'internal', 'boom'), 'Failed to delete wishlist'],
    ['delete', new ApiError(409, 'cannot_delete_default', 'x'), 'Cannot delete the default wishlist'],
    ['add', new ApiError(409, 'already_in_wishlist', 'x'), 'Item is already in your wishlist'],
    [
      'add',
      new ApiError(400, 'unknown_product', 'Unknown product'),
      'Failed to add item to wishlist: Unknown product',
    ],
    [
      'add',
      new TypeError('Failed to fetch'),
      'Failed to add item to wishlist: The service is unavailable right now. Please try again in a moment.',
    ],
    ['add', 'not an error', 'Failed to add item to wishlist'],
    ['move', new ApiError(409, 'already_in_wishlist', 'x'), 'Item is already in your wishlist'],
    [
      'reorder',
      new TypeError('Failed to fetch'),
      'Failed to update wishlist. The service is unavailable right now. Please try again in a moment.',
    ],
  ] as const)('%s failing with %p shows %p', (action, error, message) => {
    expect(failureMessage(action, error)).toBe(message);
  });

  it('a failed create, rename and delete answer their §8 message', async () => {
    const { actions } = setup(new ApiError(500, 'internal', 'boom'));
    expect(await actions.create('Gifts')).toEqual({ ok: false, error: 'Failed to create wishlist' });
    expect(await actions.rename('list-gifts', 'Presents')).toEqual({
      ok: false,
      error: 'Failed to update wishlist',
    });
    expect(await actions.remove('list-gifts')).toEqual({ ok: false, error: 'Failed to delete wishlist' });
  });

  it('refuses a blank or too long name before sending it (the service has the same rule, §5)', async () => {
    const { actions, calls } = setup();
    expect(await actions.create('   ')).toEqual({ ok: false, error: WISHLIST_MESSAGES.nameRequired });
    expect(await actions.rename('list-gifts', 'x'.repeat(101))).toEqual({
      ok: false,
      error: WISHLIST_MESSAGES.nameTooLong,
    });
    expect(calls).toEqual([]);
    expect(await actions.create('  Gifts ')).toMatchObject({ ok: true });
    expect(calls).toEqual([['create', 'Gifts']]);
  });
});

describe('signed-in wishlist actions', () => {
  it('adds to the active list of this browser, else the default, with only http(s) links', async () => {
    const { actions, calls } = setup();
    expect(await actions.add(product)).toEqual({ ok: true, message: 'Added to wishlist' });
    chooseServerWishlist(USER, 'list-gifts');
    await actions.add(product);
    expect(calls.map((c) => c[1])).toEqual(['list-default', 'list-gifts']);
    expect(calls[0]?.[2]).toEqual({ productId: 'sample-ebay-1', title: 'Lamp', price: 20 });
    expect(await actions.add(product, 'list-default')).toMatchObject({ ok: true });
    expect(calls[2]?.[1]).toBe('list-default');
  });

  it('deleting the active list makes the default active (§4)', async () => {
    const { actions } = setup();
    chooseServerWishlist(USER, 'list-gifts');
    await actions.remove('list-gifts');
    expect(chosenServerWishlist(USER)).toBe('list-default');
  });

  it('reorders through the positions endpoint: every item by its server id, shown at once', async () => {
    const { actions, calls, queryClient } = setup();
    const done = actions.reorder('list-default', ['ebay:c', 'ebay:a']);
    const shown = serverState(queryClient.getQueryData(wishlistKeys.of(USER)) as WishlistsResponse, null);
    expect(shown.wishlists[0]?.items.map((i) => i.productId)).toEqual(['ebay:c', 'ebay:a', 'ebay:b']);
    expect(await done).toEqual({ ok: true, message: WISHLIST_MESSAGES.reordered });
    expect(calls).toEqual([
      [
        'positions',
        'list-default',
        [
          { itemId: 'i-c', position: 0 },
          { itemId: 'i-a', position: 1 },
          { itemId: 'i-b', position: 2 },
        ],
      ],
    ]);
  });

  it('a refused reorder puts the previous order back and says so', async () => {
    const { actions, queryClient } = setup(new ApiError(400, 'invalid_positions', 'x'));
    expect(await actions.reorder('list-default', ['ebay:b'])).toEqual({
      ok: false,
      error: 'Failed to update wishlist',
    });
    const data = queryClient.getQueryData(wishlistKeys.of(USER)) as WishlistsResponse;
    expect(serverState(data, null).wishlists[0]?.items.map((i) => i.id)).toEqual(['i-a', 'i-b', 'i-c']);
  });

  it('moves, notes, toggles the alert and removes by the item’s server id', async () => {
    const { actions, calls } = setup();
    const a = lists().wishlists[0]?.items[0] as StoredWishlistItem;
    await actions.moveItem(a, 'list-default', 'list-gifts');
    await actions.updateNote(a, 'list-default', '  ');
    await actions.toggleAlert(a, 'list-default');
    await actions.removeItem(a, 'list-default');
    expect(calls).toEqual([
      ['updateItem', 'i-a', { wishlistId: 'list-gifts' }],
      ['updateItem', 'i-a', { notes: null }],
      ['updateItem', 'i-a', { priceAlert: true }],
      ['removeItem', 'i-a'],
    ]);
  });
});

describe('server lists as the screens see them', () => {
  it('the chosen list is active while it exists, else the default (§4)', () => {
    expect(serverState(lists(), 'list-gifts').activeWishlistId).toBe('list-gifts');
    expect(serverState(lists(), 'gone').activeWishlistId).toBe('list-default');
    expect(serverState(lists(), null).activeWishlistId).toBe('list-default');
  });

  it('positions name every item; items the order leaves out follow in their order', () => {
    const [defaults] = serverState(lists(), null).wishlists;
    expect(positionsFor(defaults as StoredWishlist, ['ebay:b', 'ebay:unknown'])).toEqual([
      { itemId: 'i-b', position: 0 },
      { itemId: 'i-a', position: 1 },
      { itemId: 'i-c', position: 2 },
    ]);
  });

  it('a stored listing links to its product page in a form the catalog reads (§2)', () => {
    expect(productPageId('ebay:sample-ebay-1')).toBe('sample-ebay-1');
    expect(productPageId('ebay:285112233445')).toBe('v1|285112233445|0');
    expect(productPageId('aliexpress:1005001234')).toBe('aliexpress_1005001234');
    expect(productPageId('v1|285112233445|0')).toBe('v1|285112233445|0');
  });
});
