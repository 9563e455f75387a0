import { lazy, Suspense } from 'react';
import { useParams } from 'react-router-dom';
import { ProductDetail } from '../modules/product/components/product-detail';
import {
  ProductBeingFetched,
  ProductFailed,
  ProductLoading,
} from '../modules/product/components/product-states';
import { useProduct } from '../modules/product/hooks/use-product';
import { useProductVisit } from '../modules/product/hooks/use-product-visit';

// Below the buy box and shown only once its own answer arrives: its code comes with it, not with
// the page's first screen.
const AlsoOnSection = lazy(() =>
  import('../modules/also-on/components/also-on-section').then((m) => ({ default: m.AlsoOnSection })),
);

export default function ProductPage() {
  const { id = '' } = useParams();
  const product = useProduct(id);
  useProductVisit(product.data && !product.data.isPlaceholder ? product.data.product : undefined);

  if (product.isPending) return <ProductLoading />;
  if (product.isError) return <ProductFailed error={product.error} onRetry={() => void product.refetch()} />;
  if (product.data.isPlaceholder) return <ProductBeingFetched />;
  return (
    <ProductDetail
      product={product.data.product}
      fetchedAt={product.data.fetchedAt}
      source={product.data.source}
    >
      <Suspense fallback={null}>
        <AlsoOnSection productId={product.data.product.id} />
      </Suspense>
    </ProductDetail>
  );
}
