import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { AppError, closeServer, verifiedService, verifiedUser, type VerifiedUser } from '@pt/platform';
import { catalogRefusalError } from '../../src/services/alerts.service';
import {
  CatalogUnavailableError,
  CatalogUserLimitError,
  HttpProductLookup,
} from '../../src/services/product-lookup.service';

interface Answer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

const listing = (extra: Record<string, unknown> = {}) => ({
  product: {
    id: 'v1|110000000001|0',
    marketplace: 'ebay',
    title: 'Drone',
    price: 100,
    currency: 'USD',
    url: 'https://www.ebay.com/itm/110000000001',
    ...extra,
  },
  source: 'live',
  fetchedAt: new Date().toISOString(),
});

/**
 * The notifier's side of a product lookup: how each answer of the catalog's product route reads, and
 * who the catalog is told the lookup is for. The catalog here is a local HTTP server the test
 * scripts; the real one answers the same way (catalog-burst.int-spec.ts).
 */
describe(HttpProductLookup.name, () => {
  let server: http.Server;
  let answer: Answer = { status: 404 };
  const seen: { service?: string; user?: VerifiedUser }[] = [];
  const paths: string[] = [];
  let sut: HttpProductLookup;
  const shopper: VerifiedUser = { id: 'shopper-1', role: 'user', email: 's@example.com', sessionId: 's1' };

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      paths.push(req.url ?? '');
      seen.push({ service: verifiedService(req.headers), user: verifiedUser(req.headers) });
      res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      res.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    sut = new HttpProductLookup(() => url);
  });
  afterAll(() => closeServer(server));

  // No default for the user: an explicit undefined (a lookup for no user) must stay undefined.
  const lookup = (reply: Answer, user: VerifiedUser | undefined) => {
    answer = reply;
    return sut.lookup('v1|110000000001|0', 'ebay', user);
  };
  const failure = (reply: Answer, user: VerifiedUser | undefined) =>
    lookup(reply, user).then(
      () => undefined,
      (error: unknown) => error,
    );

  it('tells the catalog it is the alert-notifier, acting for the user', async () => {
    seen.length = 0;
    await expect(lookup({ status: 200, body: listing() }, shopper)).resolves.toMatchObject({
      title: 'Drone',
    });
    expect(seen).toEqual([{ service: 'alert-notifier', user: shopper }]);
    seen.length = 0;
    await lookup({ status: 200, body: listing() }, undefined);
    expect(seen).toEqual([{ service: 'alert-notifier', user: undefined }]);
  });

  it.each<[string, Answer]>([
    ['a 404', { status: 404, body: { error: { code: 'product_not_found', message: 'Product not found' } } }],
    [
      'a 400 for an id it cannot read',
      { status: 400, body: { error: { code: 'invalid_product_id', message: 'x' } } },
    ],
    [
      'the placeholder after the marketplace answered',
      { status: 200, body: { ...listing({ price: 0 }), isPlaceholder: true } },
    ],
  ])('reads %s as "no such listing"', async (_case, reply) => {
    await expect(lookup(reply, shopper)).resolves.toBeUndefined();
  });

  it("reads the catalog's 429 for the user as the user's own limit, with its wait", async () => {
    const error = await failure(
      {
        status: 429,
        headers: { 'retry-after': '7' },
        body: {
          error: { code: 'rate_limited', message: 'Too many requests. Please wait before trying again.' },
        },
      },
      shopper,
    );
    expect(error).toBeInstanceOf(CatalogUserLimitError);
    const answer = catalogRefusalError(error) as AppError;
    expect({ status: answer.status, code: answer.code, retryAfterS: answer.retryAfterS }).toEqual({
      status: 429,
      code: 'rate_limited',
      retryAfterS: 7,
    });
  });

  it.each<[string, Answer, VerifiedUser | undefined, { code: string; retryAfterS: number }]>([
    [
      "the service's own limit (a lookup for no user)",
      { status: 429, headers: { 'retry-after': '3' } },
      undefined,
      { code: 'catalog_unavailable', retryAfterS: 3 },
    ],
    [
      'a busy marketplace',
      {
        status: 503,
        headers: { 'retry-after': '30' },
        body: {
          error: { code: 'marketplace_rate_limited', message: 'eBay is busy. Please try again shortly.' },
        },
      },
      shopper,
      { code: 'marketplace_rate_limited', retryAfterS: 30 },
    ],
    [
      'a placeholder because the marketplace was limited',
      {
        status: 200,
        body: {
          ...listing({ price: 0 }),
          isPlaceholder: true,
          unavailable: { code: 'marketplace_rate_limited', message: 'eBay is busy.', retryAfterMs: 12_000 },
        },
      },
      shopper,
      { code: 'marketplace_rate_limited', retryAfterS: 12 },
    ],
    ['a 500 without a body', { status: 500 }, shopper, { code: 'catalog_unavailable', retryAfterS: 5 }],
    [
      'a 401 (secrets that do not match)',
      { status: 401, body: { error: { code: 'unauthorized', message: 'x' } } },
      shopper,
      { code: 'catalog_unavailable', retryAfterS: 5 },
    ],
  ])('reads %s as the catalog not answering now: 503 with a wait', async (_case, reply, user, expected) => {
    const error = await failure(reply, user);
    expect(error).toBeInstanceOf(CatalogUnavailableError);
    const answer = catalogRefusalError(error) as AppError;
    expect({ status: answer.status, code: answer.code, retryAfterS: answer.retryAfterS }).toEqual({
      status: 503,
      ...expected,
    });
  });

  it('reads the matches of a listing from the also-on route, for a region of the alert currency, as the user', async () => {
    answer = {
      status: 200,
      body: {
        productId: 'v1|110000000001|0',
        currency: 'GBP',
        landed: 80,
        listings: [
          {
            productId: 'aliexpress_1005000000000001',
            marketplace: 'aliexpress',
            marketplaceName: 'AliExpress',
            title: 'Drone for Fans',
            url: 'https://www.aliexpress.com/item/1005000000000001.html',
            price: 70,
            shippingCost: 2.5,
            currency: 'USD',
            shipping: '$2.50, 7-15 days',
            landed: 57.3,
            confidence: 0.9,
            sparkline: [],
          },
        ],
        partial: false,
        matchedAt: new Date().toISOString(),
      },
    };
    paths.length = 0;
    seen.length = 0;
    await expect(sut.matches('110000000001', 'ebay', 'GBP', shopper)).resolves.toEqual([
      {
        productId: 'aliexpress_1005000000000001',
        marketplace: 'aliexpress',
        title: 'Drone for Fans',
        url: 'https://www.aliexpress.com/item/1005000000000001.html',
        price: 70,
        shipping: 2.5,
        currency: 'USD',
      },
    ]);
    expect(paths).toEqual([`/api/v1/products/${encodeURIComponent('v1|110000000001|0')}/also-on?region=uk`]);
    expect(seen).toEqual([{ service: 'alert-notifier', user: shopper }]);
    // A catalog that cannot answer is not "no match": the caller answers 503.
    answer = { status: 503, body: { error: { code: 'catalog_unavailable', message: 'busy' } } };
    await expect(sut.matches('110000000001', 'ebay', 'USD', shopper)).rejects.toBeInstanceOf(
      CatalogUnavailableError,
    );
  });
});
