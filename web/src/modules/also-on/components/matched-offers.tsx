import type { Product } from '@pt/contracts';
import { useMemo, type ReactNode } from 'react';
import { Price } from '../../../ui/price';
import { useRegion } from '../../region/hooks/region-context';
import { collapseMatched, type MatchedOffers } from '../utils/collapse-matched';

/** "from $X on N marketplaces" under a collapsed card: its group's lowest landed total. */
export function MatchedOffersNote({ offers, currency }: { offers: MatchedOffers; currency: string }) {
  return (
    <p className="also-on-note" data-testid="matched-offers">
      from <Price amount={offers.fromLanded} currency={currency} testId="matched-offers-price" /> on{' '}
      {offers.marketplaces} marketplaces
    </p>
  );
}

/**
 * A result page with the same product on several marketplaces collapsed into one card (see
 * collapseMatched), and the note each collapsed card carries, in the shopper's currency.
 */
export function useCollapsedMatches(products: readonly Product[]): {
  products: Product[];
  note: (product: Product) => ReactNode;
} {
  const { region } = useRegion();
  const currency = region.currency;
  return useMemo(() => {
    const collapsed = collapseMatched(products, currency);
    return {
      products: collapsed.products,
      note: (product: Product) => {
        const offers = collapsed.offers.get(product.id);
        return offers ? <MatchedOffersNote offers={offers} currency={currency} /> : null;
      },
    };
  }, [products, currency]);
}
