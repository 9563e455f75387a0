import { useQuery } from '@tanstack/react-query';
import { catalogKeys, fetchProduct, retryProductLookup } from '../../products/api/catalog';
import { useRegion } from '../../region/hooks/region-context';

/** §9: a placeholder product is asked for again until the real data arrives. */
const PLACEHOLDER_REFRESH_MS = 5000;

/**
 * The product in the shopper's region. Key and retry rule are the start-up prefetch's
 * (app/prefetch-route-data.ts), so the page finds that request instead of making a second one.
 */
export function useProduct(id: string) {
  const { region } = useRegion();
  return useQuery({
    queryKey: catalogKeys.product(id, region.id),
    queryFn: () => fetchProduct(id, region.id),
    retry: retryProductLookup,
    refetchInterval: (q) => (q.state.data?.isPlaceholder ? PLACEHOLDER_REFRESH_MS : false),
  });
}
