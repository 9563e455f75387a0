import { EbayDriver } from '../src/ebay/ebay-driver';
import { scriptedFetch } from './fake-fetch';

const token = { status: 200, body: { access_token: 't', expires_in: 7_200 } };
const item = {
  itemId: 'v1|285112233445|0',
  title: 'Mini Drone 4K',
  price: { value: '89.99', currency: 'USD' },
  image: { imageUrl: 'https://i.ebayimg.com/a.jpg' },
  itemWebUrl: 'https://www.ebay.com/itm/285112233445',
};

function driver(fetch: typeof globalThis.fetch, getItemsGranted = true) {
  return new EbayDriver({
    baseUrl: 'https://api.example.test',
    clientId: 'id',
    clientSecret: 's',
    getItemsGranted,
    fetch,
    retry: { maxAttempts: 1 },
  });
}

describe(EbayDriver.name, () => {
  it('asks for the buy.item.bulk scope when getItems is granted', async () => {
    const { fetch, calls } = scriptedFetch(token, { status: 200, body: { itemSummaries: [item], total: 1 } });
    await driver(fetch).search({ q: 'drone' });
    expect(new URLSearchParams(String(calls[0]?.init.body)).get('scope')).toBe(
      'https://api.ebay.com/oauth/api_scope https://api.ebay.com/oauth/api_scope/buy.item.bulk',
    );
  });

  it('drops the scope and batching when eBay answers invalid_scope', async () => {
    const { fetch, calls } = scriptedFetch(
      { status: 400, body: { error: 'invalid_scope', error_description: 'The requested scope is invalid' } },
      token,
      { status: 200, body: item },
    );
    const sut = driver(fetch);
    const result = await sut.getItems(['v1|285112233445|0']);
    expect(result.products.map((p) => p.id)).toEqual(['v1|285112233445|0']);
    expect(sut.batching).toBe(false);
    expect(new URLSearchParams(String(calls[1]?.init.body)).get('scope')).toBe(
      'https://api.ebay.com/oauth/api_scope',
    );
    expect(calls).toHaveLength(3);
    expect(calls[2]?.url).toBe('https://api.example.test/buy/browse/v1/item/v1%7C285112233445%7C0');
  });

  it('counts records failing the §5 checks as dropped, and a body without the envelope as an empty page', async () => {
    const { fetch } = scriptedFetch(
      token,
      { status: 200, body: { total: 3, itemSummaries: [item, { ...item, price: { value: '0' } }, 'junk'] } },
      { status: 200, body: {} },
    );
    const sut = driver(fetch);
    await expect(sut.search({ q: 'drone' })).resolves.toMatchObject({
      total: 3,
      dropped: 2,
      products: [{ id: item.itemId }],
    });
    await expect(sut.search({ q: 'drone' })).resolves.toMatchObject({
      total: 0,
      products: [],
      hasMore: false,
    });
  });

  it.each([
    ['an array', []],
    ['a string', 'ok'],
  ])('maps a JSON body that is %s to bad_response', async (_case, body) => {
    const { fetch } = scriptedFetch(token, { status: 200, body: JSON.stringify(body) });
    await expect(driver(fetch).search({ q: 'drone' })).rejects.toMatchObject({
      code: 'bad_response',
      message: 'No valid response from eBay API',
    });
  });

  it.each([
    [400, { errors: [{ errorId: 12001, message: 'bad q' }] }, 'bad_request', false],
    [403, { errors: [{ errorId: 1100, message: 'Access denied' }] }, 'auth', false],
    [
      409,
      { errors: [{ errorId: 12019, message: 'The rate limit was hit for this resource' }] },
      'rate_limited',
      true,
    ],
    [404, {}, 'not_found', false],
  ])('maps HTTP %s %j to %s (rateLimited %s)', async (status, body, code, rateLimited) => {
    const { fetch } = scriptedFetch(token, { status, body });
    await expect(driver(fetch).search({ q: 'drone' })).rejects.toMatchObject({ code, rateLimited });
  });

  it('does not call eBay for a search without q or category', async () => {
    const { fetch, calls } = scriptedFetch(token);
    await expect(driver(fetch).search({ q: '  ' })).resolves.toMatchObject({ products: [], total: 0 });
    expect(calls).toHaveLength(0);
  });

  describe('against a hung eBay, one deadline per lookup', () => {
    const TIMEOUT_MS = 300;
    /** Answers `reply` after `afterMs`, or never: the call ends when its timeout aborts it. */
    const slow =
      (afterMs: number, reply?: { status: number; body: unknown }) =>
      (_url: string | URL | Request, init?: RequestInit) =>
        new Promise<Response>((resolve, reject) => {
          const timer =
            reply &&
            setTimeout(
              () => resolve(new Response(JSON.stringify(reply.body), { status: reply.status })),
              afterMs,
            );
          init?.signal?.addEventListener('abort', () => {
            clearTimeout(timer);
            reject(init.signal?.reason);
          });
        });
    const hungDriver = (fetch: typeof globalThis.fetch, getItemsGranted: boolean) =>
      new EbayDriver({
        baseUrl: 'https://api.example.test',
        clientId: 'id',
        clientSecret: 's',
        getItemsGranted,
        fetch,
        timeoutMs: TIMEOUT_MS,
        retry: { maxAttempts: 1 },
      });

    async function timed(lookup: () => Promise<unknown>): Promise<{ ms: number; outcome: unknown }> {
      const started = performance.now();
      const outcome = await lookup().catch((error: unknown) => error);
      return { ms: Math.round(performance.now() - started), outcome };
    }

    it('a slow token mint and a hung search together take one timeout, not two', async () => {
      let calls = 0;
      const fetch = ((url: string, init?: RequestInit) =>
        calls++ === 0
          ? slow(TIMEOUT_MS - 50, token)(url, init)
          : slow(Infinity)(url, init)) as typeof globalThis.fetch;
      const { ms, outcome } = await timed(() => hungDriver(fetch, false).search({ q: 'drone' }));
      console.log(`search against a hung eBay took ${ms} ms (timeout ${TIMEOUT_MS} ms, ${calls} calls)`);
      expect(outcome).toMatchObject({ code: 'timeout' });
      expect(ms).toBeLessThan(TIMEOUT_MS * 1.5);
    });

    it('getItems does not mint again after the scope-settling mint timed out', async () => {
      let calls = 0;
      const fetch = ((url: string, init?: RequestInit) => {
        calls++;
        return slow(Infinity)(url, init);
      }) as typeof globalThis.fetch;
      const { ms, outcome } = await timed(() => hungDriver(fetch, true).getItems(['v1|285112233445|0']));
      console.log(`getItems against a hung eBay took ${ms} ms (timeout ${TIMEOUT_MS} ms, ${calls} calls)`);
      expect(outcome).toMatchObject({
        products: [],
        failed: [{ id: 'v1|285112233445|0', error: { code: 'timeout' } }],
      });
      expect(ms).toBeLessThan(TIMEOUT_MS * 1.5);
      expect(calls).toBe(1);
    });
  });
});
