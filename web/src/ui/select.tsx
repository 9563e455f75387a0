import * as RadixSelect from '@radix-ui/react-select';
import { Check, ChevronDown, ChevronUp } from 'lucide-react';
import { useId } from 'react';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

/*
 * Radix gives an item no empty value (it means "no selection"), while our filters use '' for "any":
 * the component maps '' to a sentinel and back, so callers keep their own values.
 */
const EMPTY = '__empty__';
const toRadix = (value: string) => (value === '' ? EMPTY : value);
const fromRadix = (value: string) => (value === EMPTY ? '' : value);

/** A labelled single-choice list (Radix Select): a combobox button and a listbox of options. */
export function Select({
  label,
  hideLabel,
  value,
  onValueChange,
  options,
  placeholder,
  size = 'md',
  disabled,
  name,
  id,
  compact,
  className,
  testId,
}: {
  label: string;
  hideLabel?: boolean;
  value: string;
  onValueChange(value: string): void;
  options: readonly SelectOption[];
  placeholder?: string;
  size?: 'sm' | 'md';
  disabled?: boolean;
  name?: string;
  id?: string;
  compact?: boolean;
  className?: string;
  testId?: string;
}) {
  const generated = useId();
  const triggerId = id ?? generated;
  const labelId = `${triggerId}-label`;
  // A value outside the options (e.g. "" for a pick-to-act list) shows the placeholder; '' keeps
  // Radix controlled, where undefined would hand it the state.
  const known = options.some((option) => option.value === value);
  return (
    <div className={['field', compact && 'field-compact', className].filter(Boolean).join(' ')}>
      <label id={labelId} htmlFor={triggerId} className={hideLabel ? 'sr-only' : 'field-label'}>
        {label}
      </label>
      <RadixSelect.Root
        value={known ? toRadix(value) : ''}
        onValueChange={(next) => onValueChange(fromRadix(next))}
        disabled={disabled}
        name={name}
      >
        <RadixSelect.Trigger
          id={triggerId}
          aria-labelledby={labelId}
          className={size === 'sm' ? 'select-trigger select-trigger-sm' : 'select-trigger'}
          data-testid={testId}
        >
          <RadixSelect.Value placeholder={placeholder ?? 'Choose…'} />
          <RadixSelect.Icon asChild>
            <ChevronDown size={16} aria-hidden="true" />
          </RadixSelect.Icon>
        </RadixSelect.Trigger>
        <RadixSelect.Portal>
          <RadixSelect.Content className="select-content" position="popper" sideOffset={4}>
            <RadixSelect.ScrollUpButton className="select-scroll">
              <ChevronUp size={16} aria-hidden="true" />
            </RadixSelect.ScrollUpButton>
            <RadixSelect.Viewport className="select-viewport">
              {options.map((option) => (
                <RadixSelect.Item
                  key={option.value}
                  value={toRadix(option.value)}
                  disabled={option.disabled}
                  className="select-item"
                >
                  <RadixSelect.ItemIndicator className="select-item-indicator">
                    <Check size={14} aria-hidden="true" />
                  </RadixSelect.ItemIndicator>
                  <RadixSelect.ItemText>{option.label}</RadixSelect.ItemText>
                </RadixSelect.Item>
              ))}
            </RadixSelect.Viewport>
            <RadixSelect.ScrollDownButton className="select-scroll">
              <ChevronDown size={16} aria-hidden="true" />
            </RadixSelect.ScrollDownButton>
          </RadixSelect.Content>
        </RadixSelect.Portal>
      </RadixSelect.Root>
    </div>
  );
}
