import type { Product } from '@pt/contracts';
import { discountPercent, MARKETPLACE_NAMES, type MarketplaceId } from '@pt/domain';
import { Link } from 'react-router-dom';
import { toast } from '../../../ui/toast';
import { Price } from '../../../ui/price';
import { addToCompare, COMPARE_LIMIT } from '../../compare/compare-store';
import { useAddToWishlist } from '../../wishlist/use-add-to-wishlist';
import type { WishlistActions } from '../../wishlist/wishlist-actions';
import { reportResult } from '../../wishlist/wishlist-report';
import '../shopping.css';

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

/** One result: image, title, price in the region currency, discount, source badge and actions. */
export function ProductCard({ product }: { product: Product }) {
  const discount = product.discount ?? discountPercent(product.price, product.originalPrice);
  const href = `/product/${encodeURIComponent(product.id)}`;
  const addToWishlist = useAddToWishlist();
  return (
    <li className="product-card shop-card" data-testid="product-card">
      {product.image && (
        <img src={product.image} alt="" loading="lazy" width={160} height={160} className="shop-thumb" />
      )}
      <span className="badge">{sourceName(product)}</span>
      <h3>
        <Link to={href}>{product.title}</Link>
      </h3>
      <p>
        <Price amount={product.price} currency={product.currency} />{' '}
        {product.originalPrice !== undefined && product.originalPrice > product.price && (
          <Price amount={product.originalPrice} currency={product.currency} strike testId="original-price" />
        )}{' '}
        {discount !== undefined && discount > 0 && <span className="discount">−{Math.round(discount)}%</span>}
      </p>
      {product.shipping && <p className="shipping">{product.shipping}</p>}
      <p className="muted">
        ★ {product.rating.toFixed(1)}
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
    </li>
  );
}
