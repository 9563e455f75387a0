import { describeScope, formatPrice, MARKETPLACE_NAMES, type AlertScope as Scope } from '@pt/domain';
import { useQuery } from '@tanstack/react-query';
import { alsoOnKey, fetchAlsoOn } from '../../also-on/api/also-on-api';
import { useRegion } from '../../region/hooks/region-context';
import { Select } from '../../../ui/select';
import type { AlertEntry } from '../api/alert-actions';

/*
 * Loaded after the product page's first screen (alert-control.tsx imports it lazily): the page's
 * initial JavaScript has no room for it, and it waits for the also-on answer anyway.
 */

const SCOPE_OPTIONS = (['listing', 'any_marketplace'] as const).map((scope) => ({
  value: scope,
  label: describeScope(scope),
}));

/**
 * This listing, or any marketplace selling the same product (the alert then fires on the group's
 * cheapest price with shipping). Shown only when the also-on answer the product page already asks
 * for (the same query key: no second request) lists a match.
 */
export function AlertScopeField({
  productId,
  scope,
  onChange,
}: {
  productId: string;
  scope: Scope;
  onChange(scope: Scope): void;
}) {
  const { region } = useRegion();
  const answer = useQuery({
    queryKey: alsoOnKey(productId, region.id),
    queryFn: () => fetchAlsoOn(productId, region.id),
  });
  if (!answer.data?.listings.length) return null;
  return (
    <Select
      label="Watch"
      size="sm"
      compact
      value={scope}
      options={SCOPE_OPTIONS}
      testId="alert-scope"
      onValueChange={(value) => onChange(value as Scope)}
    />
  );
}

/** " On any marketplace: cheapest now on AliExpress at $48.00 with shipping." */
function AlertScopeState({ alert }: { alert: AlertEntry }) {
  return (
    <span data-testid="alert-scope-state">
      {' '}
      On any marketplace
      {alert.cheapest
        ? `: cheapest now on ${MARKETPLACE_NAMES[alert.cheapest.marketplace]} at ${formatPrice(alert.cheapest.landed, alert.currency)} with shipping`
        : ''}
      .
    </span>
  );
}

/** The alert form's scope: the state of an alert set, else the field of a new one. */
export default function AlertScope(props: {
  alert?: AlertEntry | undefined;
  productId: string;
  scope: Scope;
  onChange(scope: Scope): void;
}) {
  return props.alert ? <AlertScopeState alert={props.alert} /> : <AlertScopeField {...props} />;
}
