import { AlsoOnResponseSchema, type AlsoOnResponse } from '@pt/contracts/catalog-api';
import { MATCH_THRESHOLD, landedTotal, matchListings, roundMoney } from '@pt/domain';
import type { DemoProduct } from '@pt/testing';
import { startDemoRig, type DemoRig } from '../support/demo-rig';

const MINUTE = 60_000;

/**
 * GET /products/:id/also-on against the demo marketplaces through the real drivers: the demo
 * catalog's cross-listed models are sold in two variants on both marketplaces, so the ground truth
 * says which AliExpress listing is the eBay listing's twin and which is only its sibling variant.
 */
describe('also on other marketplaces (catalog, demo marketplaces)', () => {
  let rig: DemoRig;

  beforeAll(async () => {
    rig = await startDemoRig();
  });
  afterAll(() => rig.close());
  afterEach(() => rig.demo.faults.clear());

  const api = () => rig.catalog.request;
  const ebayId = (p: DemoProduct) => `v1|${p.key}|0`;
  const aliId = (p: DemoProduct) => `aliexpress_${p.key}`;

  /**
   * Cross-listed models whose eBay listing (variant 0, no variations) the rule matches with its
   * AliExpress twin as the marketplaces describe them (eBay: title and identifiers; AliExpress: a
   * title), with the sibling variant on AliExpress beside it.
   */
  function crossListed(): Array<{ ebay: DemoProduct; twin: DemoProduct; sibling: DemoProduct }> {
    const products = rig.demo.catalog.products;
    const at = (variantId: string, marketplace: string) =>
      products.find((p) => p.variantId === variantId && p.marketplace === marketplace);
    return products.flatMap((ebay) => {
      if (!ebay.modelId || ebay.marketplace !== 'ebay' || ebay.variationId || !ebay.variantId.endsWith('/0'))
        return [];
      const twin = at(ebay.variantId, 'aliexpress');
      const sibling = at(`${ebay.modelId}/1`, 'aliexpress');
      if (!twin || !sibling || !twin.title.includes(ebay.model)) return [];
      const verdict = matchListings(
        { title: ebay.title, identifiers: { ...ebay.identifiers, brand: ebay.brand } },
        { title: twin.title },
      );
      return verdict.match ? [{ ebay, twin, sibling }] : [];
    });
  }

  async function alsoOn(id: string, region = 'us'): Promise<AlsoOnResponse> {
    const res = await api()
      .get(`/api/v1/products/${encodeURIComponent(id)}/also-on`)
      .query({ region })
      .expect(200);
    return AlsoOnResponseSchema.parse(res.body);
  }

  it("lists an eBay listing's AliExpress twin with its landed total, and never the sibling variant", async () => {
    const [model] = crossListed();
    if (!model) throw new Error('the demo catalog has no cross-listed model the rule matches');
    const { ebay, twin, sibling } = model;
    // The product page reads the product first; the also-on read reuses that lookup.
    await api()
      .get(`/api/v1/products/${encodeURIComponent(ebayId(ebay))}`)
      .expect(200);

    const answer = await alsoOn(ebayId(ebay));
    expect(answer).toMatchObject({ productId: ebayId(ebay), currency: 'USD', partial: false });
    const ids = answer.listings.map((l) => l.productId);
    expect(ids).toContain(aliId(twin));
    expect(ids).not.toContain(aliId(sibling));
    expect(answer.listings.every((l) => l.marketplace === 'aliexpress')).toBe(true);
    expect(answer.listings.every((l) => l.confidence >= MATCH_THRESHOLD)).toBe(true);
    const row = answer.listings.find((l) => l.productId === aliId(twin))!;
    expect(row.landed).toBe(roundMoney(landedTotal(row, 'USD')));
    expect(row.shipping).not.toBe('');
    const landed = answer.listings.map((l) => l.landed);
    expect(landed).toEqual([...landed].sort((a, b) => a - b));
    expect(answer.landed).toBeGreaterThan(0);
  });

  it('answers a repeated read from the stored match without calling a marketplace, for 6 hours', async () => {
    const [, model] = crossListed();
    if (!model) throw new Error('the demo catalog has too few cross-listed models the rule matches');
    const id = ebayId(model.ebay);
    await api()
      .get(`/api/v1/products/${encodeURIComponent(id)}`)
      .expect(200);
    const first = await alsoOn(id);
    expect(first.listings.map((l) => l.productId)).toContain(aliId(model.twin));

    // Past the in-memory search cache (5 minutes), within the product cache (1 hour): only the
    // stored match can spare the marketplace calls.
    rig.catalog.clock.advance(10 * MINUTE);
    const before = rig.demo.requests.count();
    const again = await alsoOn(id);
    expect(rig.demo.requests.count()).toBe(before);
    expect(again.listings.map((l) => l.productId)).toEqual(first.listings.map((l) => l.productId));
    expect(again.matchedAt).toBe(first.matchedAt);

    // Six hours on, the match is made again.
    rig.catalog.clock.advance(6 * 60 * MINUTE);
    const later = await alsoOn(id);
    expect(rig.demo.requests.count()).toBeGreaterThan(before);
    expect(later.matchedAt).not.toBe(first.matchedAt);
  });

  it('answers an empty, partial list when the other marketplace fails, and matches on the next read', async () => {
    const [, , model] = crossListed();
    if (!model) throw new Error('the demo catalog has too few cross-listed models the rule matches');
    const id = ebayId(model.ebay);
    await api()
      .get(`/api/v1/products/${encodeURIComponent(id)}`)
      .expect(200);
    rig.demo.faults.set({ marketplace: 'aliexpress', kind: '500', times: Infinity });
    const failed = await alsoOn(id);
    expect(failed).toMatchObject({ partial: true, listings: [] });

    rig.demo.faults.clear();
    // A failed search is not stored: the next read searches again.
    const recovered = await alsoOn(id);
    expect(recovered.partial).toBe(false);
    expect(recovered.listings.map((l) => l.productId)).toContain(aliId(model.twin));
  });

  it('§5 bad input: 400 for an id that names no product or an unknown region, 404 for an unknown listing', async () => {
    const blank = await api().get('/api/v1/products/%20/also-on').expect(400);
    expect(blank.body).toMatchObject({ error: { code: 'invalid_product_id' } });
    const [model] = crossListed();
    const region = await api()
      .get(`/api/v1/products/${encodeURIComponent(ebayId(model!.ebay))}/also-on`)
      .query({ region: 'atlantis' })
      .expect(400);
    expect(region.body).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
    const unknown = await api().get('/api/v1/products/9999999999999999/also-on').expect(404);
    expect(unknown.body).toMatchObject({ error: { code: 'product_not_found' } });
  });
});
