import fs from 'node:fs';
import path from 'node:path';
import { detectMarketplace } from './marketplace-detection';
import { isParsableUrl } from './marketplace-checks';
import { productSourceForId } from './product-ids';
import { SAMPLE_PRODUCTS, findSampleProduct, sampleImageUrl } from './samples';

describe('SAMPLE_PRODUCTS', () => {
  it('§3 nine items across the four marketplaces', () => {
    expect(SAMPLE_PRODUCTS).toHaveLength(9);
    expect(new Set(SAMPLE_PRODUCTS.map((p) => p.marketplace))).toEqual(
      new Set(['ebay', 'aliexpress', 'amazon', 'walmart']),
    );
    expect(new Set(SAMPLE_PRODUCTS.map((p) => p.id)).size).toBe(9);
  });

  it.each(SAMPLE_PRODUCTS.map((p) => [p.id, p] as const))(
    '§3 %s has every field with sane values',
    (_id, p) => {
      for (const field of [
        'id',
        'title',
        'description',
        'image',
        'url',
        'source',
        'shipping',
        'condition',
        'category',
      ] as const)
        expect(p[field].length).toBeGreaterThan(0);
      expect(p.price).toBeGreaterThan(0);
      expect(p.originalPrice).toBeGreaterThanOrEqual(p.price);
      expect(p.rating).toBeGreaterThanOrEqual(0);
      expect(p.rating).toBeLessThanOrEqual(5);
      expect(p.reviews).toBeGreaterThanOrEqual(0);
      expect(isParsableUrl(p.url)).toBe(true);
      // Served by the web app itself (web/public/samples), so it loads offline.
      expect(p.image).toBe(`/samples/${p.id}.svg`);
      expect(sampleImageUrl(p.image)).toBe(p.image);
      expect(fs.existsSync(path.join(__dirname, '..', '..', '..', 'web', 'public', p.image))).toBe(true);
      expect(productSourceForId(p.id)).toBe('static');
      expect(detectMarketplace({ url: p.url })).toBe(p.marketplace);
    },
  );

  it('§4 step 1 finds samples by id', () => {
    expect(findSampleProduct('sample-walmart-2')?.title).toMatch(/Blender/);
    expect(findSampleProduct('nope')).toBeUndefined();
  });
});
