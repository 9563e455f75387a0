import type { Product } from '@pt/contracts';
import { collapseMatched } from './collapse-matched';

const listing = (
  id: string,
  marketplace: 'ebay' | 'aliexpress',
  title: string,
  price: number,
  shippingCost = 0,
) => ({ id, marketplace, title, price, shippingCost, currency: 'USD', source: marketplace }) as Product;

describe('collapseMatched: one card for a product on several marketplaces', () => {
  const ebayBlack = listing('e1', 'ebay', 'Acme Wireless Earbuds Black K123', 40, 5);
  const aliBlack = listing('a1', 'aliexpress', 'Acme K123 Wireless Earbuds Black Free Shipping', 30, 2);
  const aliBlue = listing('a2', 'aliexpress', 'Acme K123 Wireless Earbuds Blue Free Shipping', 20, 0);
  const other = listing('o1', 'ebay', 'Zeta Garden Hose 20m Green', 15);

  it('keeps the cheapest landed listing of a matched group in the place of its first, with its offers', () => {
    const { products, offers } = collapseMatched([other, ebayBlack, aliBlue, aliBlack], 'USD');
    expect(products.map((p) => p.id)).toEqual(['o1', 'a1', 'a2']);
    expect(offers.get('a1')).toEqual({ fromLanded: 32, marketplaces: 2 });
    // Another variant is another product: never folded in, even when cheaper.
    expect(offers.has('a2')).toBe(false);
  });

  it('leaves a page without a cross-marketplace match as it is', () => {
    const page = [ebayBlack, other, aliBlue];
    expect(collapseMatched(page, 'USD')).toEqual({ products: page, offers: new Map() });
  });
});
