import type { Product } from '@pt/contracts';
import type { ReactNode } from 'react';
import { Page } from '../../../ui/page';
import { ProductBuyBox } from './product-buy-box';
import { ProductFacts } from './product-facts';
import { ProductGallery } from './product-gallery';
import { ProductHistory } from './product-history';
import { RelatedProducts } from './related-products';

/**
 * A loaded product. The buy box is first in reading order, as a phone shows it right under the
 * title; the grid areas of shopping.css place the columns on wider screens. `children` are the
 * sections other features add under the buy box and history (the page composes them).
 */
export function ProductDetail({
  children,
  ...props
}: {
  product: Product;
  fetchedAt: string;
  source: string;
  children?: ReactNode;
}) {
  const { product } = props;
  return (
    <Page title={product.title} className="product-page">
      <div className="product-layout">
        <ProductBuyBox {...props} />
        <ProductGallery product={product} />
        <ProductHistory {...props} />
      </div>
      {children}
      <ProductFacts product={product} />
      <RelatedProducts productId={product.id} />
    </Page>
  );
}
