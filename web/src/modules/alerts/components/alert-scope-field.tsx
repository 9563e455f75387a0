import { describeScope, type AlertScope } from '@pt/domain';
import { useQuery } from '@tanstack/react-query';
import { alsoOnKey, fetchAlsoOn } from '../../also-on/also-on-api';
import { useRegion } from '../../region/hooks/region-context';
import { Select } from '../../../ui/select';

const SCOPE_OPTIONS = (['listing', 'any_marketplace'] as const).map((scope) => ({
  value: scope,
  label: describeScope(scope),
}));

/**
 * How many listings on other marketplaces sell this product, from the also-on answer the product
 * page already asks for (the same query key: no second request). 0 while unknown.
 */
export function useMatchCount(productId: string): number {
  const { region } = useRegion();
  const answer = useQuery({
    queryKey: alsoOnKey(productId, region.id),
    queryFn: () => fetchAlsoOn(productId, region.id),
  });
  return answer.data?.listings.length ?? 0;
}

/**
 * This listing, or any marketplace selling the same product (the alert then fires on the group's
 * cheapest price with shipping). Offered for a new target alert of a product with matches.
 */
export function AlertScopeField({
  scope,
  onChange,
}: {
  scope: AlertScope;
  onChange(scope: AlertScope): void;
}) {
  return (
    <Select
      label="Watch"
      size="sm"
      compact
      value={scope}
      options={SCOPE_OPTIONS}
      testId="alert-scope"
      onValueChange={(value) => onChange(value as AlertScope)}
    />
  );
}
