import { createHmac } from 'node:crypto';
import { createManualClock, startDemoMarketplaces, type DemoMarketplaces } from './index';

const T0 = Date.UTC(2025, 5, 1, 12);
const clock = createManualClock(T0);
let demo: DemoMarketplaces;

beforeAll(async () => {
  demo = await startDemoMarketplaces({ seed: 'servers-spec', clock, size: 1_000 });
});
afterAll(async () => demo.close());
afterEach(() => {
  demo.faults.clear();
  demo.requests.clear();
});

// The suite reads the servers' JSON as it comes, field by field.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;

async function json(response: Response): Promise<{ status: number; headers: Headers; body: Loose }> {
  return { status: response.status, headers: response.headers, body: (await response.json()) as Loose };
}

function basic(id: string, secret: string): string {
  return `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
}

async function mint(): Promise<string> {
  const { body } = await json(
    await fetch(`${demo.ebayUrl}/identity/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        Authorization: basic(demo.credentials.ebay.clientId, demo.credentials.ebay.clientSecret),
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials&scope=https%3A%2F%2Fapi.ebay.com%2Foauth%2Fapi_scope',
    }),
  );
  return body.access_token as string;
}

async function browse(path: string, token?: string, headers: Record<string, string> = {}) {
  return json(
    await fetch(`${demo.ebayUrl}/buy/browse/v1${path}`, {
      headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...headers },
    }),
  );
}

/** Signs per the reference (written here too, so this suite checks the server alone). */
function signed(
  params: Record<string, string>,
  secret = demo.credentials.aliexpress.appSecret,
): Record<string, string> {
  const all = {
    app_key: demo.credentials.aliexpress.appKey,
    timestamp: String(clock.now()),
    sign_method: 'sha256',
    v: '2.0',
    format: 'json',
    ...params,
  };
  const text = Object.keys(all)
    .sort()
    .map((k) => k + all[k as keyof typeof all])
    .join('');
  return { ...all, sign: createHmac('sha256', secret).update(text).digest('hex').toUpperCase() };
}

describe('demo eBay server', () => {
  it('mints a 2-hour application token for the right Basic credentials', async () => {
    const { status, body } = await json(
      await fetch(`${demo.ebayUrl}/identity/v1/oauth2/token`, {
        method: 'POST',
        headers: {
          Authorization: basic(demo.credentials.ebay.clientId, demo.credentials.ebay.clientSecret),
          'Content-Type': 'application/x-www-form-urlencoded',
        },
        body: 'grant_type=client_credentials',
      }),
    );
    expect(status).toBe(200);
    expect(body).toEqual({
      access_token: expect.stringMatching(/^v\^1\.1#/),
      expires_in: 7_200,
      token_type: 'Application Access Token',
    });
  });

  it('refuses wrong credentials with 401 invalid_client', async () => {
    const { status, body } = await json(
      await fetch(`${demo.ebayUrl}/identity/v1/oauth2/token`, {
        method: 'POST',
        headers: { Authorization: basic('x', 'y'), 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=client_credentials',
      }),
    );
    expect(status).toBe(401);
    expect(body).toEqual({ error: 'invalid_client', error_description: 'client authentication failed' });
  });

  it('wants a bearer token: 400 errorId 1002 without one, 401 errorId 1001 for a bad or expired one', async () => {
    const missing = await browse('/item_summary/search?q=mug');
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0]).toMatchObject({ errorId: 1002, domain: 'OAuth', category: 'REQUEST' });
    const bad = await browse('/item_summary/search?q=mug', 'nope');
    expect(bad.status).toBe(401);
    expect(bad.body.errors[0]).toMatchObject({
      errorId: 1001,
      domain: 'OAuth',
      message: 'Invalid access token',
    });

    const token = await mint();
    expect((await browse('/item_summary/search?q=mug', token)).status).toBe(200);
    clock.advance(7_200_000);
    expect((await browse('/item_summary/search?q=mug', token)).body.errors[0].errorId).toBe(1001);
    clock.set(T0);
  });

  it('answers a search with string amounts and `next` only when another page exists', async () => {
    const token = await mint();
    const first = await browse('/item_summary/search?q=mug&limit=3', token);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      limit: 3,
      offset: 0,
      total: expect.any(Number),
      next: expect.stringContaining('offset=3'),
    });
    const item = first.body.itemSummaries[0];
    expect(item.price).toEqual({ value: expect.stringMatching(/^\d+\.\d{2}$/), currency: 'USD' });
    expect(item.itemId).toMatch(/^v1\|\d{12}\|\d+$/);
    expect(item.seller.feedbackPercentage).toEqual(expect.any(String));
    const last = await browse(`/item_summary/search?q=mug&limit=3&offset=${first.body.total - 1}`, token);
    expect(last.body.next).toBeUndefined();
    expect(last.body.prev).toBeDefined();
    expect(last.body.itemSummaries).toHaveLength(1);
    const none = await browse('/item_summary/search?q=zzzz', token);
    expect(none.body).toMatchObject({ total: 0 });
    expect(none.body.itemSummaries).toBeUndefined();
  });

  it.each([
    ['/item_summary/search', 12001],
    ['/item_summary/search?q=mug&limit=500', 12006],
    ['/item_summary/search?q=mug&offset=9990&limit=20', 12029],
    ['/item_summary/search?q=mug&filter=price:[10..20]', 12012],
  ])('refuses %s with errorId %s in the eBay error envelope', async (path, errorId) => {
    const { status, body } = await browse(path, await mint());
    expect(status).toBe(400);
    expect(body.errors[0]).toMatchObject({
      errorId,
      domain: 'API_BROWSE',
      category: 'REQUEST',
      message: expect.any(String),
    });
  });

  it('serves an item by pipe id, by legacy id (11006 for a variation parent) and 404 errorId 11001 for an unknown one', async () => {
    const token = await mint();
    const plain = demo.catalog.byMarketplace('ebay').find((p) => !p.variationId)!;
    const byId = await browse(`/item/${encodeURIComponent(plain.itemId!)}`, token);
    expect(byId.body).toMatchObject({
      itemId: plain.itemId,
      legacyItemId: plain.key,
      title: plain.title,
      brand: plain.brand,
    });
    expect((await browse(`/item/get_item_by_legacy_id?legacy_item_id=${plain.key}`, token)).body.itemId).toBe(
      plain.itemId,
    );
    const parent = demo.catalog.byMarketplace('ebay').find((p) => p.variationId)!;
    expect(
      (await browse(`/item/get_item_by_legacy_id?legacy_item_id=${parent.key}`, token)).body.errors[0]
        .errorId,
    ).toBe(11006);
    const unknown = await browse(`/item/${encodeURIComponent('v1|123|0')}`, token);
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors[0].errorId).toBe(11001);
  });

  it('serves getItems for at most 20 ids, with warnings for unknown ones', async () => {
    const token = await mint();
    const ids = demo.catalog
      .byMarketplace('ebay')
      .slice(0, 2)
      .map((p) => p.itemId!);
    const ok = await browse(`/item/?item_ids=${encodeURIComponent([...ids, 'v1|1|0'].join(','))}`, token);
    expect(ok.body.items.map((i: { itemId: string }) => i.itemId)).toEqual(ids);
    expect(ok.body.warnings[0]).toMatchObject({ errorId: 11001 });
    const many = Array.from({ length: 21 }, (_, i) => `v1|${i}|0`).join(',');
    expect((await browse(`/item/?item_ids=${encodeURIComponent(many)}`, token)).status).toBe(400);
  });

  it('injects 429 with Retry-After, 500, malformed JSON and slow answers for the next N calls', async () => {
    const token = await mint();
    demo.faults.set({ marketplace: 'ebay', kind: '429', retryAfterS: 7, times: 2 });
    const limited = await fetch(`${demo.ebayUrl}/buy/browse/v1/item_summary/search?q=mug`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('7');
    expect(((await limited.json()) as Loose).errors[0]).toMatchObject({
      errorId: 2001,
      domain: 'ACCESS',
      message: 'Too many requests.',
    });
    expect((await browse('/item_summary/search?q=mug', token)).status).toBe(429);
    expect((await browse('/item_summary/search?q=mug', token)).status).toBe(200);

    demo.faults.set({ marketplace: 'ebay', kind: '500' });
    expect((await browse('/item_summary/search?q=mug', token)).body.errors[0].errorId).toBe(12000);

    demo.faults.set({ marketplace: 'ebay', kind: 'malformed' });
    const malformed = await fetch(`${demo.ebayUrl}/buy/browse/v1/item_summary/search?q=mug`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    await expect(malformed.json()).rejects.toThrow();

    demo.faults.set({ marketplace: 'ebay', kind: 'slow', delayMs: 200 });
    const started = Date.now();
    expect((await browse('/item_summary/search?q=mug', token)).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    expect(demo.requests.list({ operation: 'search' }).map((r) => r.fault ?? r.status)).toEqual([
      '429',
      '429',
      200,
      '500',
      'malformed',
      200,
    ]);
  });
});

describe('demo AliExpress server', () => {
  const call = async (params: Record<string, string>, method: 'GET' | 'POST' = 'POST') => {
    if (method === 'GET')
      return json(await fetch(`${demo.aliexpressUrl}?${new URLSearchParams(params).toString()}`));
    return json(
      await fetch(demo.aliexpressUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded;charset=utf-8' },
        body: new URLSearchParams(params).toString(),
      }),
    );
  };

  it.each(['GET', 'POST'] as const)(
    'answers a signed %s with the <method>_response.resp_result envelope',
    async (httpMethod) => {
      const { status, body } = await call(
        signed({ method: 'aliexpress.affiliate.product.query', keywords: 'mug', page_size: '2' }),
        httpMethod,
      );
      expect(status).toBe(200);
      const result = body.aliexpress_affiliate_product_query_response.resp_result;
      expect(result).toMatchObject({
        resp_code: 200,
        resp_msg: 'Call succeeds',
        result: { current_page_no: 1, current_record_count: 2, total_record_count: expect.any(Number) },
      });
      const product = result.result.products.product[0];
      expect(product).toMatchObject({
        product_id: expect.any(Number),
        target_sale_price: expect.stringMatching(/^\d+\.\d{2}$/),
        target_sale_price_currency: 'USD',
        product_small_image_urls: { string: expect.any(Array) },
        lastest_volume: expect.any(Number),
      });
      expect(product.promotion_link).toBeUndefined();
    },
  );

  it('merges query-string system parameters with form business parameters, as the SDKs send them', async () => {
    const all = signed({
      method: 'aliexpress.affiliate.hotproduct.query',
      page_size: '1',
      tracking_id: 'trk',
    });
    const { page_size, tracking_id, ...system } = all;
    const response = await fetch(`${demo.aliexpressUrl}?${new URLSearchParams(system).toString()}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded;charset=utf-8' },
      body: new URLSearchParams({ page_size: page_size!, tracking_id: tracking_id! }).toString(),
    });
    const body = (await response.json()) as Loose;
    expect(
      body.aliexpress_affiliate_hotproduct_query_response.resp_result.result.products.product[0]
        .promotion_link,
    ).toMatch(/^https:\/\/s\.click\.aliexpress\.com\//);
  });

  it('rejects a bad signature with IncompleteSignature (HTTP 200)', async () => {
    const { status, body } = await call(
      signed({ method: 'aliexpress.affiliate.product.query', keywords: 'mug' }, 'wrong'),
    );
    expect(status).toBe(200);
    expect(body.error_response).toMatchObject({
      type: 'ISV',
      code: 'IncompleteSignature',
      msg: 'The request signature does not conform to platform standards',
    });
  });

  it('answers resp_code 405 "The result is empty" when nothing matches', async () => {
    const { body } = await call(
      signed({ method: 'aliexpress.affiliate.productdetail.get', product_ids: '1' }),
    );
    expect(body.aliexpress_affiliate_productdetail_get_response.resp_result).toEqual({
      resp_code: 405,
      resp_msg: 'The result is empty',
    });
  });

  it('serves product details for a comma list of ids', async () => {
    const ids = demo.catalog
      .byMarketplace('aliexpress')
      .slice(0, 3)
      .map((p) => p.key);
    const { body } = await call(
      signed({ method: 'aliexpress.affiliate.productdetail.get', product_ids: ids.join(',') }),
    );
    const result = body.aliexpress_affiliate_productdetail_get_response.resp_result.result;
    expect(result.current_record_count).toBe(3);
    expect(result.products.product.map((p: { product_id: number }) => String(p.product_id))).toEqual(ids);
  });

  it.each([
    [{ method: 'aliexpress.nope' }, 'InvalidMethod'],
    [{ method: 'aliexpress.affiliate.product.query', app_key: 'other' }, 'InvalidAppKey'],
    [
      { method: 'aliexpress.affiliate.product.query', timestamp: String(T0 - 8 * 3_600_000) },
      'InvalidTimestamp',
    ],
  ])('refuses %j with %s', async (params, code) => {
    const { body } = await call(signed(params));
    expect(body.error_response.code).toBe(code);
  });

  it('injects ApiCallLimit for 429 and IncompleteSignature for bad-signature', async () => {
    demo.faults.set({ marketplace: 'aliexpress', kind: '429', retryAfterS: 2 });
    const limited = await call(signed({ method: 'aliexpress.affiliate.product.query', keywords: 'mug' }));
    expect(limited.body.error_response).toMatchObject({
      code: 'ApiCallLimit',
      msg: 'Api access frequency exceeds the limit. this ban will last 2 seconds',
    });
    demo.faults.set({ marketplace: 'aliexpress', kind: 'bad-signature' });
    expect(
      (await call(signed({ method: 'aliexpress.affiliate.product.query' }))).body.error_response.code,
    ).toBe('IncompleteSignature');
  });
});

describe('demo product images', () => {
  const call = async (params: Record<string, string>) =>
    json(await fetch(`${demo.aliexpressUrl}?${new URLSearchParams(params).toString()}`));

  it('are answered as URLs of the servers’ own origin, and load from there as cacheable SVG', async () => {
    const token = await mint();
    const { body: search } = await browse('/item_summary/search?q=a&limit=3', token);
    const ebayImage = search.itemSummaries[0].image.imageUrl as string;
    expect(ebayImage).toMatch(new RegExp(`^${demo.ebayUrl}/images/\\d{12}/0\\.svg$`));
    const ali = demo.catalog.byMarketplace('aliexpress')[0]!;
    const { body } = await call(
      signed({ method: 'aliexpress.affiliate.productdetail.get', product_ids: ali.key }),
    );
    const record =
      body.aliexpress_affiliate_productdetail_get_response.resp_result.result.products.product[0];
    const aliImage = record.product_main_image_url as string;
    expect(aliImage).toBe(`${new URL(demo.aliexpressUrl).origin}/images/${ali.key}/0.svg`);

    for (const url of [ebayImage, aliImage]) {
      const response = await fetch(url);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
      expect(response.headers.get('cache-control')).toBe('public, max-age=86400, immutable');
      const svg = await response.text();
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"[\s\S]*<\/svg>$/);
      const again = await fetch(url, { headers: { 'If-None-Match': response.headers.get('etag')! } });
      expect(again.status).toBe(304);
    }
    // Images are not API calls: no token, and nothing in the request log the pacing tests count.
    expect(demo.requests.list().filter((r) => r.path.startsWith('/images/'))).toEqual([]);
  });

  it('404 for another marketplace’s product, an unknown product or a picture it does not have', async () => {
    const ebay = demo.catalog.byMarketplace('ebay')[0]!;
    const ali = demo.catalog.byMarketplace('aliexpress')[0]!;
    const aliOrigin = new URL(demo.aliexpressUrl).origin;
    for (const url of [
      `${aliOrigin}/images/${ebay.key}/0.svg`,
      `${demo.ebayUrl}/images/${ali.key}/0.svg`,
      `${demo.ebayUrl}/images/123456789012/0.svg`,
      `${demo.ebayUrl}/images/${ebay.key}/${ebay.images.length}.svg`,
    ]) {
      const response = await fetch(url);
      expect({ url, status: response.status }).toEqual({ url, status: 404 });
      expect(((await response.json()) as Loose).error.code).toBe('not_found');
    }
  });
});

describe('demo control: availability', () => {
  const control = (id: string, body: unknown, token = demo.env.DEMO_CONTROL_TOKEN) =>
    fetch(`${demo.env.DEMO_CONTROL_URL}/demo/v1/products/${encodeURIComponent(id)}/availability`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const details = async (key: string) => {
    const response = await fetch(demo.aliexpressUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded;charset=utf-8' },
      body: new URLSearchParams(
        signed({ method: 'aliexpress.affiliate.productdetail.get', product_ids: key }),
      ).toString(),
    });
    return ((await response.json()) as Loose).aliexpress_affiliate_productdetail_get_response.resp_result;
  };

  it('an unavailable listing answers as a gone one on both item calls and search, until made available', async () => {
    const token = await mint();
    const ebay = demo.catalog.byMarketplace('ebay').find((p) => !p.variationId)!;
    const ali = demo.catalog.byMarketplace('aliexpress')[0]!;
    for (const product of [ebay, ali]) {
      const answer = await control(product.key, { available: false });
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({
        productId: product.key,
        marketplace: product.marketplace,
        available: false,
      });
    }
    const gone = await browse(`/item/${encodeURIComponent(ebay.itemId!)}`, token);
    expect([gone.status, gone.body.errors[0].errorId]).toEqual([404, 11001]);
    const batch = await browse(`/item/?item_ids=${encodeURIComponent(ebay.itemId!)}`, token);
    expect(batch.body.items).toEqual([]);
    expect(batch.body.warnings[0]).toMatchObject({ errorId: 11001 });
    const search = await browse(`/item_summary/search?q=${ebay.key}`, token);
    expect((search.body.itemSummaries ?? []).map((i: { itemId: string }) => i.itemId)).not.toContain(
      ebay.itemId,
    );
    expect(await details(ali.key)).toEqual({ resp_code: 405, resp_msg: 'The result is empty' });

    for (const product of [ebay, ali])
      expect((await control(product.key, { available: true })).status).toBe(200);
    expect((await browse(`/item/${encodeURIComponent(ebay.itemId!)}`, token)).status).toBe(200);
    expect((await details(ali.key)).result.current_record_count).toBe(1);
  });

  it('refuses a bad body (400), an unknown product (404) and a wrong token (401)', async () => {
    const key = demo.catalog.byMarketplace('ebay')[0]!.key;
    expect((await control(key, { available: 'no' })).status).toBe(400);
    expect((await control('v1|123|0', { available: false })).status).toBe(404);
    expect((await control(key, { available: false }, 'wrong')).status).toBe(401);
    expect(demo.catalog.isAvailable(key)).toBe(true);
  });
});
