import { forwardRef, type InputHTMLAttributes } from 'react';
import { MAX_ALERT_TARGET } from '@pt/contracts';
import { TextInput } from '../../../ui/text-input';

type TargetPriceInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'size' | 'type'> & {
  label: string;
  invalid: boolean;
};

/**
 * The target field of an alert, in the alert's own currency (its label says which), bounded as the
 * alerts API bounds it, so a value the server would refuse is marked invalid before it is sent. The
 * product page's form passes value and onChange; the alerts page's contract form its registration.
 */
export const TargetPriceInput = forwardRef<HTMLInputElement, TargetPriceInputProps>(function TargetPriceInput(
  { label, invalid, ...input },
  ref,
) {
  return (
    <TextInput
      ref={ref}
      label={label}
      size="sm"
      compact
      type="number"
      min={0}
      max={MAX_ALERT_TARGET}
      step="0.01"
      {...input}
      aria-invalid={invalid}
    />
  );
});
