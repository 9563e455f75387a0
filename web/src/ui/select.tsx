import { ChevronDown } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { afterPageLoad } from '../lib/after-page-load';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps {
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
}

export type SelectTriggerProps = Pick<
  SelectProps,
  'value' | 'onValueChange' | 'options' | 'placeholder' | 'size' | 'disabled' | 'name' | 'testId'
> & { triggerId: string; labelId: string };

const load = () => import('./radix-select');
const RadixSelectTrigger = lazy(load);
const OPEN_KEYS = new Set(['Enter', ' ', 'ArrowDown', 'ArrowUp']);

/**
 * A labelled single-choice list: a combobox button and a listbox of options (Radix Select). Radix's
 * select with its popper and focus handling (~30 KB gzip) is not part of a first screen: until the
 * page has loaded, a stand-in with the same markup, classes and text shows the value; the first
 * click or opening key on it loads the real one already open, with the focus kept.
 */
export function Select({ label, hideLabel, id, compact, className, ...trigger }: SelectProps) {
  const generated = useId();
  const triggerId = id ?? generated;
  const labelId = `${triggerId}-label`;
  const [mode, setMode] = useState<'stand-in' | 'loaded' | 'opened'>('stand-in');
  const [hadFocus, setHadFocus] = useState(false);
  const standIn = useRef<HTMLButtonElement>(null);
  useEffect(
    () =>
      afterPageLoad(() => {
        setHadFocus(document.activeElement === standIn.current);
        setMode((m) => (m === 'stand-in' ? 'loaded' : m));
      }),
    [],
  );
  const open = () => {
    setHadFocus(true);
    setMode('opened');
  };
  const shown = trigger.options.find((o) => o.value === trigger.value);
  const standInButton = (
    <button
      ref={standIn}
      type="button"
      role="combobox"
      id={triggerId}
      aria-labelledby={labelId}
      aria-expanded={false}
      aria-autocomplete="none"
      data-state="closed"
      data-placeholder={shown ? undefined : ''}
      className={trigger.size === 'sm' ? 'select-trigger select-trigger-sm' : 'select-trigger'}
      data-testid={trigger.testId}
      disabled={trigger.disabled}
      onClick={open}
      onKeyDown={(e: KeyboardEvent) => {
        if (!OPEN_KEYS.has(e.key)) return;
        e.preventDefault();
        open();
      }}
      onPointerEnter={() => void load()}
      onFocus={() => void load()}
    >
      <span>{shown?.label ?? trigger.placeholder ?? 'Choose…'}</span>
      <ChevronDown size={16} aria-hidden="true" />
    </button>
  );
  return (
    <div className={['field', compact && 'field-compact', className].filter(Boolean).join(' ')}>
      <label id={labelId} htmlFor={triggerId} className={hideLabel ? 'sr-only' : 'field-label'}>
        {label}
      </label>
      {mode === 'stand-in' ? (
        standInButton
      ) : (
        <Suspense fallback={standInButton}>
          <RadixSelectTrigger
            {...trigger}
            triggerId={triggerId}
            labelId={labelId}
            defaultOpen={mode === 'opened'}
            autoFocus={hadFocus}
          />
        </Suspense>
      )}
    </div>
  );
}
