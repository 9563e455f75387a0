import { MAX_ALERT_TARGET } from '@pt/contracts';
import { TextInput } from '../../../ui/text-input';

/**
 * The target field of an alert, in the alert's own currency (its label says which), bounded as the
 * alerts API bounds it, so a value the server would refuse is marked invalid before it is sent.
 */
export function TargetPriceInput({
  label,
  value,
  invalid,
  onChange,
  className,
}: {
  label: string;
  value: string;
  invalid: boolean;
  onChange: (value: string) => void;
  className?: string;
}) {
  return (
    <TextInput
      label={label}
      className={className}
      size="sm"
      compact
      type="number"
      min={0}
      max={MAX_ALERT_TARGET}
      step="0.01"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      aria-invalid={invalid}
    />
  );
}
