import { useQuery } from '@tanstack/react-query';
import { catalogKeys, fetchRelated } from '../../products/api/catalog';
import { ProductGrid, ResultsSkeleton } from '../../products/components/product-results';
import { useRegion } from '../../region/hooks/region-context';

export function RelatedProducts({ productId }: { productId: string }) {
  const { region } = useRegion();
  const related = useQuery({
    queryKey: catalogKeys.related(productId, region.id),
    queryFn: () => fetchRelated(productId, region.id),
  });
  return (
    <section aria-labelledby="related-title">
      <h2 id="related-title">Related products</h2>
      {related.isPending ? (
        <ResultsSkeleton count={4} />
      ) : related.isError || related.data.products.length === 0 ? (
        <p className="muted">No related products found.</p>
      ) : (
        <ProductGrid products={related.data.products} label="Related products" />
      )}
    </section>
  );
}
