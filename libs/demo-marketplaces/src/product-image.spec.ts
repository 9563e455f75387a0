import { DemoCatalog } from './catalog';
import { DEMO_IMAGE_PATH, productImageSvg } from './product-image';

describe(productImageSvg.name, () => {
  const catalog = new DemoCatalog({ seed: 'image-spec', size: 64 });
  const product = catalog.products[5]!;

  it('is deterministic: the same product and number give the same bytes', () => {
    expect(productImageSvg(product, 0)).toBe(productImageSvg(product, 0));
    expect(productImageSvg(product, 1)).not.toBe(productImageSvg(product, 0));
  });

  it('is a small, self-contained SVG labelled with the brand and the kind of thing', () => {
    const svg = productImageSvg(product, 0);
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg.endsWith('</svg>')).toBe(true);
    expect(Buffer.byteLength(svg)).toBeLessThan(2_500);
    expect(svg).toContain(product.brand.replace(/&/g, '&#38;'));
    expect(svg).toContain(product.noun.slice(0, 10));
    // Nothing loaded from elsewhere, nothing executable.
    expect(svg).not.toMatch(/href|<script|url\((?!#g\))/i);
  });

  it('draws each category its own silhouette, in the product colour', () => {
    const bodies = new Map<string, string>();
    for (const p of catalog.products) {
      const body = /<g transform="[^"]*">(.*?)<\/g>/.exec(productImageSvg(p, 0))![1]!;
      const shape = body.replace(/fill="[^"]*"|stroke="[^"]*"/g, '');
      bodies.set(p.category.slug, shape);
    }
    expect(new Set(bodies.values()).size).toBe(bodies.size);
    expect(bodies.size).toBeGreaterThanOrEqual(8);
    const red = catalog.products.find((p) => p.color === 'Red')!;
    expect(productImageSvg(red, 0)).toContain('#d23c3c');
  });

  it('escapes text, so a brand like "Stitch & Co" stays valid XML', () => {
    const stitched = { ...product, brand: 'Stitch & Co <b>' };
    const svg = productImageSvg(stitched, 0);
    expect(svg).toContain('Stitch &#38; Co &#60;b&#62;');
    expect(svg).not.toContain('<b>');
  });

  it('is served under /images/<key>/<n>.svg, the paths the catalog lists', () => {
    expect(product.images.every((path) => DEMO_IMAGE_PATH.test(path))).toBe(true);
    expect(DEMO_IMAGE_PATH.test('/images/../etc/0.svg')).toBe(false);
  });
});
