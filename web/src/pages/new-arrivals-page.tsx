import { catalogKeys, fetchProductList } from '../modules/products/api/catalog';
import { ProductListPage } from '../modules/discovery/components/product-list-page';
import { useRegion } from '../modules/region/hooks/region-context';

export default function NewArrivalsPage() {
  const { region } = useRegion();
  return (
    <ProductListPage
      title="New arrivals"
      intro="Newly listed products across the marketplaces."
      queryKey={catalogKeys.list('new-arrivals', region.id)}
      load={() => fetchProductList('new-arrivals', region.id)}
    />
  );
}
