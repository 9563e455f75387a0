import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from 'react';

export interface TextInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> {
  label: string;
  /** The label stays for screen readers only (a toolbar field with a visible context). */
  hideLabel?: boolean;
  hint?: ReactNode;
  error?: string;
  size?: 'sm' | 'md';
  /** No bottom margin: the field sits in a row of controls. */
  compact?: boolean;
}

/** A labelled input whose hint and error are tied to it (aria-describedby, aria-invalid). */
export const TextInput = forwardRef<HTMLInputElement, TextInputProps>(function TextInput(
  { label, hideLabel, hint, error, size = 'md', compact, id, className, ...input },
  ref,
) {
  const generated = useId();
  const inputId = id ?? generated;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={['field', compact && 'field-compact', className].filter(Boolean).join(' ')}>
      <label htmlFor={inputId} className={hideLabel ? 'sr-only' : undefined}>
        {label}
      </label>
      <input
        ref={ref}
        id={inputId}
        className={size === 'sm' ? 'input input-sm' : 'input'}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...input}
      />
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
});
