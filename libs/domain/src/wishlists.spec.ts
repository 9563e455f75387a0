import {
  DEFAULT_WISHLIST_ID,
  WISHLIST_MESSAGES as M,
  WishlistOutcome,
  WishlistProductInput,
  WishlistState,
  addItem,
  createWishlist,
  deleteWishlist,
  ensureDefaultWishlist,
  getActiveWishlist,
  initialWishlistState,
  itemPriceSummary,
  wishlistNameProblem,
  moveItem,
  removeItem,
  renameWishlist,
  reorderItems,
  setActiveWishlist,
  toggleItemAlert,
  updateItemNote,
} from './wishlists';

const NOW = '2026-02-01T00:00:00.000Z';
const drone: WishlistProductInput = {
  productId: 'v1|1|0',
  title: 'Drone',
  price: 100,
  image: 'https://x.com/d.jpg',
  source: 'eBay',
};
const earbuds: WishlistProductInput = { productId: 'ali_2', title: 'Earbuds', price: 12.34 };
const kindle: WishlistProductInput = { productId: 'sample-amazon-2', title: 'Kindle', price: 139.99 };

function unwrap(outcome: WishlistOutcome): WishlistState {
  if (!outcome.ok) throw new Error(`expected ok, got ${outcome.error}`);
  return outcome.state;
}

function withItems(...products: WishlistProductInput[]): WishlistState {
  return products.reduce((s, p) => unwrap(addItem(s, p, NOW)), initialWishlistState(NOW));
}

function withSecondList(): WishlistState {
  return unwrap(createWishlist(withItems(drone, earbuds), 'Gifts', 'w2', NOW));
}

describe(initialWishlistState.name, () => {
  it('§4 §9 default list "My Wishlist" with id default, active', () => {
    expect(initialWishlistState(NOW)).toEqual({
      wishlists: [{ id: 'default', name: 'My Wishlist', isDefault: true, createdAt: NOW, items: [] }],
      activeWishlistId: 'default',
    });
  });
});

describe(ensureDefaultWishlist.name, () => {
  it.each([
    [
      '§4 user with no lists gets the default, active',
      { wishlists: [], activeWishlistId: null },
      ['default'],
      'default',
    ],
    [
      '§4 lists without a default get one in front',
      {
        wishlists: [{ id: 'w9', name: 'X', isDefault: false, createdAt: NOW, items: [] }],
        activeWishlistId: 'w9',
      },
      ['default', 'w9'],
      'w9',
    ],
    [
      '§4 dangling active id points at the default',
      {
        wishlists: [{ id: 'db-1', name: 'My Wishlist', isDefault: true, createdAt: NOW, items: [] }],
        activeWishlistId: 'gone',
      },
      ['db-1'],
      'db-1',
    ],
  ])('%s', (_row, state, ids, active) => {
    const sut = ensureDefaultWishlist(state, NOW);
    expect(sut.wishlists.map((w) => w.id)).toEqual(ids);
    expect(sut.activeWishlistId).toBe(active);
  });

  it('§4 a complete state is returned as is', () => {
    const state = initialWishlistState(NOW);
    expect(ensureDefaultWishlist(state, NOW)).toBe(state);
  });
});

describe(addItem.name, () => {
  it('§4 adds to the active list with §3 defaults and says "Added to wishlist"', () => {
    const sut = addItem(initialWishlistState(NOW), drone, NOW);
    expect(sut.ok && sut.message).toBe('Added to wishlist');
    expect(getActiveWishlist(sut.state)?.items[0]).toEqual({
      id: 'v1|1|0',
      productId: 'v1|1|0',
      title: 'Drone',
      price: 100,
      image: 'https://x.com/d.jpg',
      source: 'eBay',
      condition: 'New',
      addedAt: NOW,
      trackingSince: NOW,
      priceHistory: [{ date: NOW, price: 100 }],
      currentSavings: 0,
      potentialSavings: 15,
      priceDropAlert: false,
      position: 0,
    });
  });

  it.each([
    ['§5 no active wishlist', { wishlists: [], activeWishlistId: null }, drone, 'No active wishlist found'],
    [
      '§5 active id pointing nowhere',
      { wishlists: [], activeWishlistId: 'x' },
      drone,
      'No active wishlist found',
    ],
    ['§5 product id already present', withItems(drone), drone, 'Item is already in your wishlist'],
  ])('%s', (_row, state, product, error) => {
    expect(addItem(state, product, NOW)).toEqual({ ok: false, state, error });
  });

  it('§4 positions follow insertion order; an item without price has no history', () => {
    const sut = withItems(drone, { ...earbuds, price: 0 });
    const items = getActiveWishlist(sut)?.items ?? [];
    expect(items.map((i) => i.position)).toEqual([0, 1]);
    expect(items[1]?.priceHistory).toEqual([]);
  });

  /** The wishlist service keys items the same way (services/wishlist "adds … in any id form"). */
  const ebayPhone = (productId: string): WishlistProductInput => ({
    productId,
    title: 'Phone',
    price: 200,
    source: 'eBay',
  });

  it.each(['285112233445', 'v1|285112233445|0', 'ebay_285112233445', 'v1%7C285112233445%7C0'])(
    '§5 another id form of a listing already in the list (%s) is refused like the server refuses it',
    (form) => {
      const state = withItems(ebayPhone('285112233445'));
      expect(addItem(state, ebayPhone(form), NOW)).toEqual({ ok: false, state, error: M.alreadyInWishlist });
    },
  );

  it.each([
    ['two variations of one eBay item', ebayPhone('v1|285112233445|456'), ebayPhone('v1|285112233445|789')],
    [
      'one number on two marketplaces',
      { productId: 'ebay_123456789', title: 'A', price: 1 },
      { productId: 'amazon_123456789', title: 'B', price: 1 },
    ],
  ])('%s are two items', (_row, first, second) => {
    const items = getActiveWishlist(withItems(first, second))?.items ?? [];
    expect(items.map((i) => i.productId)).toEqual([first.productId, second.productId]);
  });
});

describe(removeItem.name, () => {
  it('§4 removes and closes up positions', () => {
    const sut = unwrap(removeItem(withItems(drone, earbuds, kindle), 'v1|1|0'));
    expect(getActiveWishlist(sut)?.items.map((i) => [i.productId, i.position])).toEqual([
      ['ali_2', 0],
      ['sample-amazon-2', 1],
    ]);
  });

  it.each([
    ['unknown item', withItems(drone), 'zzz', undefined, M.itemNotFound],
    ['unknown wishlist', withItems(drone), 'v1|1|0', 'nope', M.wishlistNotFound],
    [
      '§5 no active wishlist',
      { wishlists: [], activeWishlistId: null },
      'v1|1|0',
      undefined,
      M.noActiveWishlist,
    ],
  ])('%s', (_row, state, productId, wishlistId, error) => {
    expect(removeItem(state, productId, wishlistId)).toEqual({ ok: false, state, error });
  });
});

describe(moveItem.name, () => {
  it('§4 moves to the end of another list', () => {
    const state = unwrap(addItem(unwrap(setActiveWishlist(withSecondList(), 'w2')), kindle, NOW));
    const sut = unwrap(moveItem(state, 'v1|1|0', 'default', 'w2'));
    expect(
      sut.wishlists.find((w) => w.id === 'default')?.items.map((i) => [i.productId, i.position]),
    ).toEqual([['ali_2', 0]]);
    expect(sut.wishlists.find((w) => w.id === 'w2')?.items.map((i) => [i.productId, i.position])).toEqual([
      ['sample-amazon-2', 0],
      ['v1|1|0', 1],
    ]);
  });

  it('moving within the same list changes nothing', () => {
    const state = withSecondList();
    expect(moveItem(state, 'v1|1|0', 'default', 'default')).toEqual({ ok: true, state, message: M.moved });
  });

  it.each([
    ['unknown target', 'v1|1|0', 'default', 'nope', M.wishlistNotFound],
    ['unknown source item', 'zzz', 'default', 'w2', M.itemNotFound],
  ])('%s', (_row, productId, from, to, error) => {
    const state = withSecondList();
    expect(moveItem(state, productId, from, to)).toEqual({ ok: false, state, error });
  });

  it('§5 target already holds the listing under another id form', () => {
    const base = unwrap(setActiveWishlist(withSecondList(), 'w2'));
    const state = unwrap(addItem(base, { ...drone, productId: 'ebay_1' }, NOW));
    expect(moveItem(state, 'v1|1|0', 'default', 'w2')).toEqual({
      ok: false,
      state,
      error: M.alreadyInWishlist,
    });
  });

  it('§5 target already holds the product', () => {
    const state = unwrap(addItem(unwrap(setActiveWishlist(withSecondList(), 'w2')), drone, NOW));
    expect(moveItem(state, 'v1|1|0', 'default', 'w2')).toEqual({
      ok: false,
      state,
      error: M.alreadyInWishlist,
    });
  });
});

describe(reorderItems.name, () => {
  it.each([
    ['§4 full new order', ['sample-amazon-2', 'v1|1|0', 'ali_2'], ['sample-amazon-2', 'v1|1|0', 'ali_2']],
    [
      '§4 unnamed items keep relative order after named ones',
      ['ali_2'],
      ['ali_2', 'v1|1|0', 'sample-amazon-2'],
    ],
    ['§4 unknown and repeated ids ignored', ['x', 'ali_2', 'ali_2'], ['ali_2', 'v1|1|0', 'sample-amazon-2']],
  ])('%s', (_row, order, expected) => {
    const sut = unwrap(reorderItems(withItems(drone, earbuds, kindle), 'default', order));
    const list = getActiveWishlist(sut);
    expect(list?.items.map((i) => i.productId)).toEqual(expected);
    expect(list?.items.map((i) => i.position)).toEqual(expected.map((_id, position) => position));
  });

  it('unknown wishlist', () => {
    const state = withItems(drone);
    expect(reorderItems(state, 'nope', [])).toEqual({ ok: false, state, error: M.wishlistNotFound });
  });
});

describe(updateItemNote.name, () => {
  it.each([
    ['§4 sets a note (trimmed)', '  for dad ', 'for dad'],
    ['§4 blank note clears it', '   ', undefined],
  ])('%s', (_row, note, expected) => {
    const state = unwrap(updateItemNote(withItems({ ...drone, notes: 'old' }), 'v1|1|0', note));
    expect(getActiveWishlist(state)?.items[0]?.notes).toBe(expected);
  });

  it('unknown item', () => {
    const state = withItems(drone);
    expect(updateItemNote(state, 'zzz', 'x')).toEqual({ ok: false, state, error: M.itemNotFound });
  });
});

describe(toggleItemAlert.name, () => {
  it('§4 on: target 90% of price; off: target cleared', () => {
    const on = toggleItemAlert(withItems(drone), 'v1|1|0');
    expect(on.ok && on.message).toBe(M.alertOn);
    expect(getActiveWishlist(on.state)?.items[0]).toMatchObject({ priceDropAlert: true, targetPrice: 90 });
    const off = toggleItemAlert(on.state, 'v1|1|0');
    expect(off.ok && off.message).toBe(M.alertOff);
    expect(getActiveWishlist(off.state)?.items[0]?.priceDropAlert).toBe(false);
    expect(getActiveWishlist(off.state)?.items[0]).not.toHaveProperty('targetPrice');
  });

  it('§4 explicit target', () => {
    const sut = unwrap(toggleItemAlert(withItems(drone), 'v1|1|0', 'default', 70));
    expect(getActiveWishlist(sut)?.items[0]?.targetPrice).toBe(70);
  });

  it('unknown item', () => {
    const state = withItems(drone);
    expect(toggleItemAlert(state, 'zzz')).toEqual({ ok: false, state, error: M.itemNotFound });
  });
});

describe(createWishlist.name, () => {
  it('§8 says Created wishlist "{name}" and keeps the active list', () => {
    const sut = createWishlist(initialWishlistState(NOW), '  Gifts ', 'w2', NOW);
    expect(sut.ok && sut.message).toBe('Created wishlist "Gifts"');
    expect(sut.state.wishlists[1]).toEqual({
      id: 'w2',
      name: 'Gifts',
      isDefault: false,
      createdAt: NOW,
      items: [],
    });
    expect(sut.state.activeWishlistId).toBe('default');
  });

  it.each([
    ['decision: blank name refused', '  ', 'w2', M.nameRequired],
    ['§8 duplicate id → Failed to create wishlist', 'Other', 'default', M.failedToCreate],
  ])('%s', (_row, name, id, error) => {
    const state = initialWishlistState(NOW);
    expect(createWishlist(state, name, id, NOW)).toEqual({ ok: false, state, error });
  });
});

describe(renameWishlist.name, () => {
  it('§4 renames', () => {
    const sut = unwrap(renameWishlist(withSecondList(), 'w2', ' Birthday '));
    expect(sut.wishlists.find((w) => w.id === 'w2')?.name).toBe('Birthday');
  });

  it.each([
    ['blank name', 'w2', ' ', M.nameRequired],
    ['unknown wishlist', 'nope', 'X', M.wishlistNotFound],
  ])('%s', (_row, id, name, error) => {
    const state = withSecondList();
    expect(renameWishlist(state, id, name)).toEqual({ ok: false, state, error });
  });
});

describe(setActiveWishlist.name, () => {
  it('§4 one list is active at a time', () => {
    expect(unwrap(setActiveWishlist(withSecondList(), 'w2')).activeWishlistId).toBe('w2');
    const state = withSecondList();
    expect(setActiveWishlist(state, 'nope')).toEqual({ ok: false, state, error: M.wishlistNotFound });
  });
});

describe(deleteWishlist.name, () => {
  const list = (id: string, isDefault = false) => ({ id, name: id, isDefault, createdAt: NOW, items: [] });

  it.each([
    [
      '§4 deleting the active list activates the default',
      { wishlists: [list('a'), list('d', true), list('b')], activeWishlistId: 'b' },
      'b',
      'd',
    ],
    ['§4 …else the first', { wishlists: [list('a'), list('b')], activeWishlistId: 'b' }, 'b', 'a'],
    ['§4 …else default', { wishlists: [list('b')], activeWishlistId: 'b' }, 'b', DEFAULT_WISHLIST_ID],
    [
      '§4 deleting an inactive list keeps the active one',
      { wishlists: [list('d', true), list('b')], activeWishlistId: 'd' },
      'b',
      'd',
    ],
  ])('%s', (_row, state, id, active) => {
    const sut = deleteWishlist(state, id);
    expect(sut.ok && sut.message).toBe('Wishlist deleted');
    expect(sut.state.activeWishlistId).toBe(active);
    expect(sut.state.wishlists.some((w) => w.id === id)).toBe(false);
  });

  it.each([
    ['§5 the default (flag) cannot be deleted', 'default', 'Cannot delete the default wishlist'],
    ['unknown wishlist', 'nope', M.wishlistNotFound],
  ])('%s', (_row, id, error) => {
    const state = withSecondList();
    expect(deleteWishlist(state, id)).toEqual({ ok: false, state, error });
  });

  it('§5 a list with id default cannot be deleted even without the flag', () => {
    const state = { wishlists: [list('default')], activeWishlistId: 'default' };
    expect(deleteWishlist(state, 'default')).toEqual({ ok: false, state, error: M.cannotDeleteDefault });
  });
});

describe('WISHLIST_MESSAGES', () => {
  it.each([
    ['§8', M.noActiveWishlist, 'No active wishlist found'],
    ['§8', M.alreadyInWishlist, 'Item is already in your wishlist'],
    ['§8', M.failedToAddWith('boom'), 'Failed to add item to wishlist: boom'],
    ['§8', M.failedToAdd, 'Failed to add item to wishlist'],
    ['§8', M.failedToCreate, 'Failed to create wishlist'],
    ['§8', M.failedToUpdate, 'Failed to update wishlist'],
    ['§8', M.cannotDeleteDefault, 'Cannot delete the default wishlist'],
    ['§8', M.failedToDelete, 'Failed to delete wishlist'],
    ['§8', M.failedToLoad, 'Failed to load wishlist data'],
    ['§8', M.authLoading, 'Loading authentication...'],
    ['§8', M.added, 'Added to wishlist'],
    ['§8', M.created('X'), 'Created wishlist "X"'],
    ['§8', M.deleted, 'Wishlist deleted'],
  ])('%s %s', (_row, actual, expected) => expect(actual).toBe(expected));
});

describe(wishlistNameProblem.name, () => {
  it.each([
    ['', M.nameRequired],
    ['   ', M.nameRequired],
    ['x'.repeat(101), M.nameTooLong],
    [`  ${'x'.repeat(100)}  `, undefined],
    ['Gifts', undefined],
  ])('wishlist name %j → %s', (name, problem) => expect(wishlistNameProblem(name)).toBe(problem));

  it('refuses a name over 100 characters when creating or renaming', () => {
    const state = initialWishlistState(NOW);
    expect(createWishlist(state, 'x'.repeat(101), 'w2', NOW)).toMatchObject({
      ok: false,
      error: M.nameTooLong,
    });
    expect(renameWishlist(state, DEFAULT_WISHLIST_ID, 'x'.repeat(101))).toMatchObject({
      ok: false,
      error: M.nameTooLong,
    });
  });
});

describe(itemPriceSummary.name, () => {
  it.each([
    // §9: only the price when added counts as no history → 15% of the price.
    [
      { priceWhenAdded: 100, price: 100, history: [100] },
      { low: 100, high: 100, current: 0, potential: 15 },
    ],
    // 100 → 80.
    [
      { priceWhenAdded: 100, price: 80, history: [100, 80] },
      { low: 80, high: 100, current: 20, potential: 4 },
    ],
    // A rise: potential is current − historical minimum; savings never negative.
    [
      { priceWhenAdded: 100, price: 120, history: [100, 120] },
      { low: 100, high: 120, current: 0, potential: 20 },
    ],
    // With an alert target: current − target.
    [
      { priceWhenAdded: 100, price: 90, history: [100, 90], targetPrice: 70 },
      { low: 90, high: 100, current: 10, potential: 20 },
    ],
  ])('§9 %j', (input, expected) => {
    const sut = itemPriceSummary(input);
    expect(sut).toEqual({
      lowestPrice: expected.low,
      highestPrice: expected.high,
      currentSavings: expected.current,
      potentialSavings: expected.potential,
    });
  });
});
