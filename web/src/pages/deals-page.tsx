import { catalogKeys, fetchProductList } from '../modules/products/api/catalog';
import { ProductListPage } from '../modules/discovery/product-list-page';
import { useRegion } from '../modules/region/hooks/region-context';

export default function DealsPage() {
  const { region } = useRegion();
  return (
    <ProductListPage
      title="Deals"
      intro="The biggest real price drops right now, largest first."
      queryKey={catalogKeys.list('deals', region.id)}
      load={() => fetchProductList('deals', region.id)}
      sortByDrop
    />
  );
}
