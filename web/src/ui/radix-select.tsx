import * as RadixSelect from '@radix-ui/react-select';
import { Check, ChevronDown, ChevronUp } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { SelectTriggerProps } from './select';

/*
 * Radix gives an item no empty value (it means "no selection"), while our filters use '' for "any":
 * the component maps '' to a sentinel and back, so callers keep their own values.
 */
const EMPTY = '__empty__';
const toRadix = (value: string) => (value === '' ? EMPTY : value);
const fromRadix = (value: string) => (value === EMPTY ? '' : value);

/**
 * The Radix Select behind `Select` (ui/select.tsx): the combobox button and its listbox, loaded
 * after the first screen or on first use. `defaultOpen` opens it at once for the click that loaded
 * it; `autoFocus` keeps the keyboard focus the stand-in had.
 */
export default function RadixSelectTrigger({
  triggerId,
  labelId,
  value,
  onValueChange,
  options,
  placeholder,
  size,
  disabled,
  name,
  testId,
  defaultOpen,
  autoFocus,
}: SelectTriggerProps & { defaultOpen?: boolean; autoFocus?: boolean }) {
  // A value outside the options (e.g. "" for a pick-to-act list) shows the placeholder; '' keeps
  // Radix controlled, where undefined would hand it the state.
  const known = options.some((option) => option.value === value);
  const trigger = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (autoFocus) trigger.current?.focus();
  }, [autoFocus]);
  return (
    <RadixSelect.Root
      value={known ? toRadix(value) : ''}
      onValueChange={(next) => onValueChange(fromRadix(next))}
      disabled={disabled}
      name={name}
      defaultOpen={defaultOpen}
    >
      <RadixSelect.Trigger
        ref={trigger}
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
  );
}
