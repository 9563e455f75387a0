import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { catalogKeys, fetchMarketplace } from '../modules/products/api/catalog';
import { ProductListPage } from '../modules/discovery/components/product-list-page';
import { useRegion } from '../modules/region/hooks/region-context';

export default function MarketplacePage() {
  const { marketplace = '' } = useParams();
  const { region } = useRegion();
  const key = catalogKeys.marketplace(marketplace, region.id);
  // Same query as the list below (shared cache): the heading names the marketplace once it is known.
  const info = useQuery({ queryKey: key, queryFn: () => fetchMarketplace(marketplace, region.id) });
  const m = info.data?.marketplace;
  return (
    <ProductListPage
      title={m ? m.name : 'Marketplace'}
      intro={
        m
          ? m.live
            ? `Popular products on ${m.name} (${m.site}).`
            : `${m.name} has no live lookups here yet; these are products we already know.`
          : 'Products from this marketplace.'
      }
      queryKey={key}
      load={() => fetchMarketplace(marketplace, region.id)}
    />
  );
}
