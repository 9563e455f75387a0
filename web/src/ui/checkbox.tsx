import * as RadixCheckbox from '@radix-ui/react-checkbox';
import { Check } from 'lucide-react';
import { useId, type ReactNode } from 'react';

/** A labelled checkbox (Radix): role checkbox, Space toggles it, the label toggles it too. */
export function Checkbox({
  label,
  checked,
  onCheckedChange,
  disabled,
  name,
  value,
  id,
  className,
}: {
  label: ReactNode;
  checked: boolean;
  onCheckedChange(checked: boolean): void;
  disabled?: boolean;
  name?: string;
  value?: string;
  id?: string;
  className?: string;
}) {
  const generated = useId();
  const boxId = id ?? generated;
  return (
    <span className={['check-label', className].filter(Boolean).join(' ')}>
      <RadixCheckbox.Root
        id={boxId}
        className="checkbox"
        checked={checked}
        onCheckedChange={(next) => onCheckedChange(next === true)}
        disabled={disabled}
        name={name}
        value={value}
      >
        <RadixCheckbox.Indicator>
          <Check size={14} strokeWidth={3} aria-hidden="true" />
        </RadixCheckbox.Indicator>
      </RadixCheckbox.Root>
      <label htmlFor={boxId} className="check-text">
        {label}
      </label>
    </span>
  );
}
