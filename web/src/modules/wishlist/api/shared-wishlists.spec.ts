import {
  AddWishlistItemRequestSchema,
  type AddWishlistItemRequest,
  type SharedWishlist,
} from '@pt/contracts';
import { ApiError } from '../../../lib/api';
import { copySharedWishlist, shareLinkOf } from './shared-wishlists';

const LIST: SharedWishlist = {
  name: 'Birthday ideas',
  itemCount: 2,
  items: [
    {
      productId: 'ebay:285300000001',
      marketplace: 'ebay',
      title: 'Headphones',
      price: 40,
      currency: 'USD',
      imageUrl: 'https://i.ebayimg.com/images/x.jpg',
      url: 'https://www.ebay.com/itm/285300000001',
      source: 'eBay',
    },
    { productId: 'aliexpress:1005001', marketplace: 'aliexpress', title: 'Cable', price: 3, currency: 'EUR' },
  ],
};

/** The wishlist API as the copy uses it: records the calls, refuses the items it is told to. */
function fakeApi(refuse: readonly string[] = []) {
  const added: Array<{ wishlistId: string; body: AddWishlistItemRequest }> = [];
  return {
    added,
    api: {
      create: (name: string) =>
        Promise.resolve({
          wishlist: {
            id: 'new-list',
            name,
            isDefault: false,
            createdAt: '2026-01-01T00:00:00.000Z',
            items: [],
          },
          message: `Created wishlist "${name}"`,
        }),
      addItem: (wishlistId: string, body: AddWishlistItemRequest) => {
        if (refuse.includes(body.title)) return Promise.reject(new ApiError(409, 'conflict', 'no'));
        added.push({ wishlistId, body });
        return Promise.resolve({ item: {}, message: 'Added' }) as never;
      },
    },
  };
}

describe('copying a shared list into my wishlists', () => {
  it('creates a list of the same name and adds every item as a valid add-item body in the catalog id form', async () => {
    const { api, added } = fakeApi();
    expect(await copySharedWishlist(api, LIST)).toEqual({ wishlistId: 'new-list', copied: 2, skipped: 0 });
    expect(added.map((a) => a.wishlistId)).toEqual(['new-list', 'new-list']);
    // The ids the product pages open (eBay's Browse form, AliExpress's prefix), which the service
    // files under the same listing keys.
    expect(added.map((a) => a.body.productId)).toEqual(['v1|285300000001|0', 'aliexpress_1005001']);
    expect(added[0]?.body).toMatchObject({ image: LIST.items[0]?.imageUrl, url: LIST.items[0]?.url });
    for (const { body } of added) expect(AddWishlistItemRequestSchema.safeParse(body).success).toBe(true);
  });

  it('counts the items the service refuses and keeps the rest', async () => {
    const { api, added } = fakeApi(['Headphones']);
    expect(await copySharedWishlist(api, LIST)).toEqual({ wishlistId: 'new-list', copied: 1, skipped: 1 });
    expect(added.map((a) => a.body.title)).toEqual(['Cable']);
  });

  it('hands out an absolute link on the app origin', () => {
    expect(shareLinkOf({ shareToken: 't', url: '/shared/t' }, 'https://shop.example')).toBe(
      'https://shop.example/shared/t',
    );
  });
});
