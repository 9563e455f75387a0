import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { useRegion } from '../../region/hooks/region-context';
import { proKeys, searchProducts } from '../api/pro-api';

export interface ProSearchParams {
  q: string;
  sort: string;
  page: number;
}

/** Pro search's query, sort and page live in the URL, so a result list can be shared or reloaded. */
export function useProSearch() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const sort = params.get('sort') ?? 'relevance';
  const page = Math.max(1, Number(params.get('page') ?? '1') || 1);
  const { region } = useRegion();
  const search = useQuery({
    queryKey: proKeys.search(q, region.id, sort, page),
    queryFn: () => searchProducts({ q, region: region.id, sort, page }),
    enabled: q.trim().length > 0,
  });
  const go = (next: ProSearchParams) => setParams({ q: next.q, sort: next.sort, page: String(next.page) });
  return { q, sort, page, search, go };
}
