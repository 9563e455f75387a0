import type { Product } from '@pt/contracts';
import { discountPercent, MARKETPLACE_NAMES, type MarketplaceId } from '@pt/domain';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { toast } from '../../../ui/toast';
import { Price } from '../../../ui/price';
import { addToCompare, COMPARE_LIMIT } from '../../compare/utils/compare-store';
import { useAddToWishlist } from '../../wishlist/hooks/use-add-to-wishlist';
import type { WishlistActions } from '../../wishlist/api/wishlist-actions';
import { ProductImage } from '../../../ui/product-image';
import { reportResult } from '../../../ui/report-result';
import '../shopping.css';
import { PriceBadge } from './price-badge';

export function sourceName(p: Product): string {
  return (
    p.marketplaceName ??
    p.source ??
    (p.marketplace ? MARKETPLACE_NAMES[p.marketplace as MarketplaceId] : 'Unknown')
  );
}

/** Adds to a list (the active one unless another is named) and shows the §8 message. */
export function addToWishlistWithToast(
  actions: Pick<WishlistActions, 'add'>,
  p: Product,
  wishlistId?: string,
): void {
  void actions.add(p, wishlistId).then(reportResult);
}

export function addToCompareWithToast(p: Product): void {
  const outcome = addToCompare(p);
  if (outcome === 'added') toast.success('Added to compare');
  else if (outcome === 'already') toast.info('Already in compare');
  else toast.error(`You can compare up to ${COMPARE_LIMIT} products`);
}

/**
 * One result, the one card style of every product grid: a square image frame (so cards line up and
 * nothing shifts while images load), marketplace, title, price with the price badge beside it,
 * landed cost (price + shipping when the shipping cost is known), rating and actions.
 */
export function ProductCard({ product, note }: { product: Product; note?: ReactNode }) {
  const discount = product.discount ?? discountPercent(product.price, product.originalPrice);
  const href = `/product/${encodeURIComponent(product.id)}`;
  const addToWishlist = useAddToWishlist();
  const shippingCost = product.shippingCost;
  return (
    <li className="product-card shop-card" data-testid="product-card">
      <ProductImage
        src={product.image}
        alt=""
        loading="lazy"
        width={240}
        height={240}
        className="card-media"
      />
      <div className="card-body">
        <span className="badge">{sourceName(product)}</span>
        <h3 className="card-title">
          <Link to={href}>{product.title}</Link>
        </h3>
        {/* The price row also holds the price badge (low / typical / high), beside the price. */}
        <div className="card-price-row">
          <p className="card-price">
            <Price amount={product.price} currency={product.currency} />{' '}
            {product.originalPrice !== undefined && product.originalPrice > product.price && (
              <Price
                amount={product.originalPrice}
                currency={product.currency}
                strike
                testId="original-price"
              />
            )}{' '}
            {discount !== undefined && discount > 0 && (
              <span className="discount">−{Math.round(discount)}%</span>
            )}
          </p>
          <PriceBadge badge={product.priceBadge} />
        </div>
        {note}
        {shippingCost !== undefined && shippingCost > 0 ? (
          <p className="shipping" data-testid="landed-cost">
            <Price amount={product.price + shippingCost} currency={product.currency} testId="landed-price" />{' '}
            with shipping
          </p>
        ) : (
          product.shipping && <p className="shipping">{product.shipping}</p>
        )}
        <p className="muted card-rating">
          <span aria-hidden>★</span> {product.rating.toFixed(1)}
          {product.reviews !== undefined ? ` (${product.reviews.toLocaleString()} reviews)` : ''}
        </p>
        <div className="shop-actions">
          <button type="button" className="btn btn-sm" onClick={() => addToWishlist(product)}>
            Add to wishlist<span className="sr-only">: {product.title}</span>
          </button>
          <button type="button" className="btn btn-sm" onClick={() => addToCompareWithToast(product)}>
            Compare<span className="sr-only">: {product.title}</span>
          </button>
        </div>
      </div>
    </li>
  );
}
