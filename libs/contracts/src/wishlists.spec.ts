import {
  AddWishlistItemRequestSchema,
  ImportWishlistsRequestSchema,
  UpdatePositionsRequestSchema,
  UpdateWishlistItemRequestSchema,
  WishlistNameSchema,
  WishlistPriceSchema,
} from './wishlists';

describe('wishlist request bodies', () => {
  it.each([
    ['  Gifts ', true],
    ['', false],
    ['x'.repeat(100), true],
    ['x'.repeat(101), false],
    [`a${String.fromCharCode(0)}b`, false],
  ])('name %j valid: %s', (name, ok) => expect(WishlistNameSchema.safeParse(name).success).toBe(ok));

  it('accepts positions as a bare array or under "positions", and refuses duplicates', () => {
    const list = [
      { itemId: 'a', position: 0 },
      { itemId: 'b', position: 1 },
    ];
    expect(UpdatePositionsRequestSchema.parse(list)).toEqual(list);
    expect(UpdatePositionsRequestSchema.parse({ positions: list })).toEqual(list);
    expect(UpdatePositionsRequestSchema.safeParse([list[0], list[0]]).success).toBe(false);
    expect(
      UpdatePositionsRequestSchema.safeParse([
        { itemId: 'a', position: 0 },
        { itemId: 'b', position: 0 },
      ]).success,
    ).toBe(false);
  });

  it.each([
    [{ targetPrice: -1 }, false],
    [{ targetPrice: '5' }, false],
    [{ priceAlert: false, targetPrice: 5 }, false],
    [{}, false],
    [{ notes: null }, true],
    [{ targetPrice: 0 }, true],
  ])('item update %j valid: %s', (body, ok) =>
    expect(UpdateWishlistItemRequestSchema.safeParse(body).success).toBe(ok),
  );

  it('rounds prices and targets to cents, as the numeric(12,2) columns keep them', () => {
    expect(WishlistPriceSchema.parse(10.555)).toBe(10.56);
    expect(WishlistPriceSchema.parse(19.999)).toBe(20);
    expect(WishlistPriceSchema.parse(59.99)).toBe(59.99);
    const base = { productId: '285112233445', title: 't' };
    expect(AddWishlistItemRequestSchema.parse({ ...base, price: 1.005 }).price).toBe(1.01);
    expect(UpdateWishlistItemRequestSchema.parse({ targetPrice: 8.345 }).targetPrice).toBe(8.35);
    const imported = ImportWishlistsRequestSchema.parse({
      wishlists: [
        { id: 'default', name: 'n', items: [{ productId: '1', price: 2.499, targetPrice: 0.004 }] },
      ],
    });
    expect(imported.wishlists[0]?.items[0]).toMatchObject({ price: 2.5, targetPrice: 0 });
  });

  it('refuses links that are not http(s) and malformed product ids when adding', () => {
    const base = { productId: '285112233445', title: 't', price: 1 };
    expect(AddWishlistItemRequestSchema.safeParse(base).success).toBe(true);
    expect(AddWishlistItemRequestSchema.safeParse({ ...base, url: 'javascript:alert(1)' }).success).toBe(
      false,
    );
    expect(AddWishlistItemRequestSchema.safeParse({ ...base, productId: 'v1|12|0' }).success).toBe(false);
  });

  it('drops malformed optional fields of browser data instead of refusing the import', () => {
    const parsed = ImportWishlistsRequestSchema.parse({
      wishlists: [
        {
          id: 'default',
          name: 'My Wishlist',
          items: [{ productId: '1', rating: 'great', url: 'javascript:x' }],
        },
      ],
      activeWishlistId: 'default',
    });
    expect(parsed.wishlists[0]?.items[0]).toEqual({ productId: '1' });
  });
});
