import { ALERT_BASES, describeBasis, LANDED_BASIS_KINDS, type AlertBasis } from '@pt/domain';
import type { AlertKindName } from '@pt/contracts';
import { Select } from '../../../ui/select';

const BASIS_OPTIONS = ALERT_BASES.map((basis) => ({ value: basis, label: describeBasis(basis) }));

/** Whether a kind can compare the price with shipping (history lows are item prices). */
export const landedAllowed = (kind: AlertKindName): boolean => LANDED_BASIS_KINDS.includes(kind);

/**
 * What a signed-in user's alert compares: the item price, or the price with shipping (the landed
 * price, what arrives at the door). Offered only for kinds that can take it.
 */
export function AlertBasisField({
  kind,
  basis,
  onChange,
}: {
  kind: AlertKindName;
  basis: AlertBasis;
  onChange(basis: AlertBasis): void;
}) {
  if (!landedAllowed(kind)) return null;
  return (
    <Select
      label="Compare"
      size="sm"
      compact
      value={basis}
      options={BASIS_OPTIONS}
      testId="alert-basis"
      onValueChange={(value) => onChange(value as AlertBasis)}
    />
  );
}
