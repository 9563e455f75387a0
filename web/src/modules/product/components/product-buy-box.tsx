import type { Product } from '@pt/contracts';
import { discountPercent } from '@pt/domain';
import { AlertControl } from '../../alerts/components/alert-control';
import { PriceBadge } from '../../products/components/price-badge';
import { addToCompareWithToast, sourceName } from '../../products/components/product-card';
import { Price, usePriceInRegion } from '../../../ui/price';
import { sourceLabel } from '../utils/source-label';
import { WishlistPicker } from './wishlist-picker';

/** Price, badge, landed cost, rating, alert and the actions: what a shopper decides with. */
export function ProductBuyBox({
  product: p,
  fetchedAt,
  source,
}: {
  product: Product;
  fetchedAt: string;
  source: string;
}) {
  const format = usePriceInRegion();
  const discount = p.discount ?? discountPercent(p.price, p.originalPrice);
  return (
    <div className="product-buy">
      <span className="badge">{sourceName(p)}</span>
      {/* The price badge (low / typical / high for this listing) sits in this row, by the price. */}
      <p className="product-price">
        <Price amount={p.price} currency={p.currency} testId="product-price" />
        {p.originalPrice !== undefined && p.originalPrice > p.price && (
          <Price amount={p.originalPrice} currency={p.currency} strike testId="original-price" />
        )}
        {discount !== undefined && discount > 0 && <span className="discount">−{Math.round(discount)}%</span>}
        <PriceBadge badge={p.priceBadge} />
      </p>
      <p className="muted product-landed">
        {p.shippingCost !== undefined && p.shippingCost > 0 ? (
          <>
            <strong>{format(p.price + p.shippingCost, p.currency)}</strong> with shipping
          </>
        ) : (
          p.shipping
        )}
      </p>
      <p className="muted product-rating">
        <span aria-hidden>★</span> {p.rating.toFixed(1)}
        {p.reviews !== undefined ? ` (${p.reviews.toLocaleString()} reviews)` : ''}
      </p>
      <AlertControl product={p} />
      <div className="shop-actions">
        {p.url && /^https?:/.test(p.url) && (
          <a className="btn btn-primary" href={p.url} target="_blank" rel="noopener noreferrer sponsored">
            View on {sourceName(p)}
          </a>
        )}
        <WishlistPicker product={p} />
        <button type="button" className="btn" onClick={() => addToCompareWithToast(p)}>
          Add to compare
        </button>
      </div>
      <p className="muted" data-testid="last-updated">
        Last updated {new Date(fetchedAt).toLocaleString()} from {sourceLabel(source, sourceName(p))}.
      </p>
    </div>
  );
}
