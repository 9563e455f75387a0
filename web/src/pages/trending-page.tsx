import { catalogKeys, fetchProductList } from '../modules/products/api/catalog';
import { ProductListPage } from '../modules/discovery/components/product-list-page';
import { useRegion } from '../modules/region/hooks/region-context';

export default function TrendingPage() {
  const { region } = useRegion();
  return (
    <ProductListPage
      title="Trending"
      intro="What shoppers are looking at most."
      queryKey={catalogKeys.list('trending', region.id)}
      load={() => fetchProductList('trending', region.id)}
    />
  );
}
