import * as RadixRadio from '@radix-ui/react-radio-group';
import { useId } from 'react';

export interface RadioOption {
  value: string;
  label: string;
  disabled?: boolean;
}

/** A labelled group of radios (Radix): arrow keys move between them, one tab stop for the group. */
export function RadioGroup({
  label,
  hideLabel,
  value,
  onValueChange,
  options,
  orientation = 'horizontal',
  name,
  disabled,
  className,
}: {
  label: string;
  hideLabel?: boolean;
  value: string;
  onValueChange(value: string): void;
  options: readonly RadioOption[];
  orientation?: 'horizontal' | 'vertical';
  name?: string;
  disabled?: boolean;
  className?: string;
}) {
  const id = useId();
  const labelId = `${id}-label`;
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <span id={labelId} className={hideLabel ? 'sr-only' : 'field-label'}>
        {label}
      </span>
      <RadixRadio.Root
        aria-labelledby={labelId}
        className={orientation === 'vertical' ? 'radio-group radio-group-vertical' : 'radio-group'}
        value={value}
        onValueChange={onValueChange}
        orientation={orientation}
        name={name}
        disabled={disabled}
      >
        {options.map((option) => (
          <span key={option.value} className="check-label">
            <RadixRadio.Item
              id={`${id}-${option.value}`}
              value={option.value}
              disabled={option.disabled}
              className="radio"
            >
              <RadixRadio.Indicator className="radio-dot" />
            </RadixRadio.Item>
            <label htmlFor={`${id}-${option.value}`} className="check-text">
              {option.label}
            </label>
          </span>
        ))}
      </RadixRadio.Root>
    </div>
  );
}
