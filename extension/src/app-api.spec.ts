import { appApi, appOriginOf } from './app-api';
import type { PageListing } from './listing-url';

const ORIGIN = 'http://localhost:8080';
const LISTING: PageListing = {
  marketplace: 'ebay',
  listingId: '285112233445',
  productId: 'v1|285112233445|0',
};
const PRODUCT = {
  product: {
    id: 'v1|285112233445|0',
    title: 'Wireless Earbuds',
    price: 19.5,
    currency: 'USD',
    url: 'https://www.ebay.com/itm/285112233445',
    priceBadge: { level: 'low', label: 'Low price', rangeLow: 18, rangeHigh: 30, currency: 'USD' },
  },
  source: 'live',
  fetchedAt: '2026-01-01T00:00:00.000Z',
};
const HISTORY = {
  currency: 'USD',
  days: 90,
  points: [{ price: 25 }, { price: 19.5 }],
  statistics: { lowest: { price: 19.5 }, highest: { price: 25 } },
};

interface Seen {
  url: string;
  init: RequestInit;
}

/** A fake app: answers by path, records every request the extension makes. */
function fakeApp(routes: Record<string, [number, unknown]>) {
  const seen: Seen[] = [];
  const fetchImpl = (async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = String(input);
    seen.push({ url, init });
    const key = `${init.method ?? 'GET'} ${url.slice(ORIGIN.length).split('?')[0]}`;
    const [status, body] = routes[key] ?? [404, { error: { code: 'not_found', message: 'no' } }];
    return new Response(JSON.stringify(body), { status });
  }) as typeof fetch;
  return { api: appApi(ORIGIN, fetchImpl), seen };
}

const productPath = `GET /api/v1/products/${encodeURIComponent(LISTING.productId)}`;

describe('extension: the app API as the background worker calls it', () => {
  it('takes the app origin from the one host permission', () => {
    expect(appOriginOf(['http://localhost:8080/*'])).toBe(ORIGIN);
    expect(() => appOriginOf([])).toThrow();
  });

  it('builds the panel from the product and its history, sending only the listing id and no cookies', async () => {
    const { api, seen } = fakeApp({
      [productPath]: [200, PRODUCT],
      [`${productPath}/price-history`]: [200, HISTORY],
    });
    expect(await api.panel(LISTING, undefined)).toEqual({
      title: 'Wireless Earbuds',
      price: '$19.50',
      badge: 'Low price',
      history: [25, 19.5],
      range: 'Lowest $19.50 · highest $25.00 in 90 days',
      connected: false,
    });
    for (const { url, init } of seen) {
      expect(url.startsWith(`${ORIGIN}/api/v1/products/v1%7C285112233445%7C0`)).toBe(true);
      expect(init.credentials).toBe('omit');
      expect(new Headers(init.headers).has('Authorization')).toBe(false);
    }
  });

  it("shows the app's cheapest landed match on another marketplace, asked for the US site's region", async () => {
    const match = (marketplaceName: string, landed: number) => ({
      productId: 'ae-1',
      marketplace: 'aliexpress',
      marketplaceName,
      title: 'Wireless Earbuds',
      url: 'https://www.aliexpress.com/item/1005001.html',
      price: landed - 2,
      shippingCost: 2,
      currency: 'USD',
      shipping: '$2.00 shipping',
      landed,
      confidence: 0.9,
      sparkline: [],
    });
    const { api, seen } = fakeApp({
      [productPath]: [200, PRODUCT],
      [`${productPath}/price-history`]: [200, HISTORY],
      [`${productPath}/also-on`]: [
        200,
        {
          productId: LISTING.productId,
          currency: 'USD',
          landed: 21.5,
          listings: [match('AliExpress', 17.25)],
          partial: false,
          matchedAt: '2026-01-01T00:00:00.000Z',
        },
      ],
    });
    expect((await api.panel(LISTING, undefined))?.elsewhere).toEqual({
      marketplace: 'AliExpress',
      landed: '$17.25 with shipping',
      url: 'https://www.aliexpress.com/item/1005001.html',
    });
    expect(seen.map((s) => s.url)).toContain(
      `${ORIGIN}/api/v1/products/v1%7C285112233445%7C0/also-on?region=us`,
    );
  });

  it.each([
    ['a listing the app does not know (404)', { [productPath]: [404, {}] }],
    [
      'a placeholder the catalog could not fill',
      { [productPath]: [200, { ...PRODUCT, isPlaceholder: true }] },
    ],
  ] as const)('no panel for %s', async (_what, routes) => {
    const { api } = fakeApp(routes as unknown as Record<string, [number, unknown]>);
    expect(await api.panel(LISTING, 'token')).toBeUndefined();
  });

  it('Track adds the listing to the default wishlist with the Bearer token', async () => {
    const { api, seen } = fakeApp({
      [productPath]: [200, PRODUCT],
      'GET /api/v1/wishlists': [
        200,
        {
          wishlists: [
            { id: 'other', isDefault: false },
            { id: 'main', isDefault: true },
          ],
        },
      ],
      'POST /api/v1/wishlists/main/items': [201, {}],
    });
    expect(await api.track(LISTING, 'tok')).toBe(true);
    const post = seen.find((s) => s.init.method === 'POST')!;
    expect(new Headers(post.init.headers).get('Authorization')).toBe('Bearer tok');
    expect(JSON.parse(String(post.init.body))).toEqual({
      productId: 'v1|285112233445|0',
      marketplace: 'ebay',
      title: 'Wireless Earbuds',
      price: 19.5,
      currency: 'USD',
      url: 'https://www.ebay.com/itm/285112233445',
    });
  });

  it('Alert sets a 10% drop alert on the listing with the Bearer token', async () => {
    const { api, seen } = fakeApp({ [productPath]: [200, PRODUCT], 'POST /api/v1/alerts': [201, {}] });
    expect(await api.alert(LISTING, 'tok')).toBe(true);
    const post = seen.find((s) => s.init.method === 'POST')!;
    expect(new Headers(post.init.headers).get('Authorization')).toBe('Bearer tok');
    expect(JSON.parse(String(post.init.body))).toEqual({
      productId: 'v1|285112233445|0',
      marketplace: 'ebay',
      kind: 'percent_drop',
      percent: 10,
      productTitle: 'Wireless Earbuds',
      currency: 'USD',
    });
  });

  it('Track says the session ended when the app answers 401', async () => {
    const { api } = fakeApp({ [productPath]: [200, PRODUCT], 'GET /api/v1/wishlists': [401, {}] });
    expect(await api.track(LISTING, 'expired')).toBe(false);
  });
});
