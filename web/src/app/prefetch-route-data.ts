import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router-dom';
import { catalogKeys, fetchProduct, retryProductLookup } from '../modules/products/api/catalog';
import { initialRegionState, readStoredSelection } from '../modules/region/utils/region-store';

/**
 * Starts a first screen's main request at start-up, alongside auth and the public settings: the
 * routes render only once those have answered, and the product page's picture (its largest paint
 * on a phone) would otherwise wait for settings → page → product → picture. The page's query finds
 * the answer (or the request in flight) under the same key. A region detected later changes the
 * key, and the page then asks for that region's answer itself.
 */
export function prefetchRouteData(queryClient: QueryClient, pathname: string): void {
  const raw = matchPath({ path: '/product/:id', end: true }, pathname)?.params.id;
  if (!raw) return;
  // The router hands the page its parameter decoded; matchPath on the raw pathname does not.
  let id: string;
  try {
    id = decodeURIComponent(raw);
  } catch {
    return;
  }
  const { regionId } = initialRegionState(readStoredSelection());
  void queryClient.prefetchQuery({
    queryKey: catalogKeys.product(id, regionId),
    queryFn: () => fetchProduct(id, regionId),
    retry: retryProductLookup,
  });
}
