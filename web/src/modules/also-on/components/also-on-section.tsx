import type { AlsoOnListing } from '@pt/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { Price } from '../../../ui/price';
import { Sparkline } from '../../../ui/sparkline';
import { PriceBadge } from '../../products/components/price-badge';
import { useRegion } from '../../region/hooks/region-context';
import { alsoOnKey, fetchAlsoOn } from '../api/also-on-api';
import './also-on.css';

/**
 * "Also on other marketplaces": the same product (the same variant, as the catalog's matching rule
 * decides) on the other marketplaces, cheapest landed total first, each total in the shopper's
 * currency beside this listing's own. Nothing at all while loading, on an error or without a
 * match: the section is an extra, and an empty one would only push the page down.
 */
export function AlsoOnSection({ productId }: { productId: string }) {
  const { region } = useRegion();
  const answer = useQuery({
    queryKey: alsoOnKey(productId, region.id),
    queryFn: () => fetchAlsoOn(productId, region.id),
  });
  if (!answer.data || answer.data.listings.length === 0) return null;
  const { listings, landed, currency } = answer.data;
  return (
    <section className="also-on" aria-labelledby="also-on-title" data-testid="also-on">
      <h2 id="also-on-title">Also on other marketplaces</h2>
      <p className="muted">
        Here, with shipping: <Price amount={landed} currency={currency} testId="also-on-own-landed" />
      </p>
      <ol className="also-on-rows" aria-label="Also on other marketplaces">
        {listings.map((listing) => (
          <AlsoOnRow key={listing.productId} listing={listing} currency={currency} />
        ))}
      </ol>
    </section>
  );
}

function AlsoOnRow({ listing, currency }: { listing: AlsoOnListing; currency: string }) {
  return (
    <li className="also-on-row" data-testid="also-on-row" data-marketplace={listing.marketplace}>
      <span className="badge">{listing.marketplaceName}</span>
      <Link className="also-on-title" to={`/product/${encodeURIComponent(listing.productId)}`}>
        {listing.title}
      </Link>
      <span className="also-on-price">
        <Price amount={listing.price} currency={listing.currency} testId="also-on-price" />
        <PriceBadge badge={listing.priceBadge} />
      </span>
      <span className="also-on-shipping muted" data-testid="also-on-shipping">
        {listing.shipping}
      </span>
      <span className="also-on-landed">
        Landed <Price amount={listing.landed} currency={currency} testId="also-on-landed" />
      </span>
      <Sparkline
        points={listing.sparkline}
        label={`Price over the last 30 days on ${listing.marketplaceName}`}
      />
    </li>
  );
}
