import { useSearchParams } from 'react-router-dom';
import { dealsKey, fetchDeals } from '../modules/deals/api/fetch-deals';
import { DealsFilters } from '../modules/deals/components/deals-filters';
import { dealFiltersFromParams, paramsFromDealFilters } from '../modules/deals/utils/deals-url';
import { ProductListPage } from '../modules/discovery/components/product-list-page';
import { HistoryDealLine } from '../modules/deals/components/history-deal-line';
import { useRegion } from '../modules/region/hooks/region-context';

export default function DealsPage() {
  const { region } = useRegion();
  const [params, setParams] = useSearchParams();
  const filters = dealFiltersFromParams(params);
  return (
    <ProductListPage
      title="Deals"
      intro="Listings below their own usual price: the biggest drops against each listing's 90-day median, price with shipping."
      queryKey={dealsKey(filters, region.id)}
      load={() => fetchDeals(filters, region.id)}
      empty="No listing we track is below its usual price with these filters right now."
      note={(p) => p.historyDeal && <HistoryDealLine deal={p.historyDeal} />}
    >
      <DealsFilters filters={filters} onChange={(next) => setParams(paramsFromDealFilters(next))} />
    </ProductListPage>
  );
}
