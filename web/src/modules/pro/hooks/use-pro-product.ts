import { useQuery } from '@tanstack/react-query';
import { fetchProduct } from '../../products/api/catalog';
import { useRegion } from '../../region/hooks/region-context';
import { proKeys } from '../api/pro-api';

export function useProProduct(id: string) {
  const { region } = useRegion();
  return useQuery({
    queryKey: proKeys.product(id, region.id),
    queryFn: () => fetchProduct(id, region.id),
  });
}
