import { lazy, Suspense, useEffect, useId, useState, type ComponentProps } from 'react';
import { afterPageLoad } from '../lib/after-page-load';

const RadixSwitch = lazy(() => import('./switch').then((m) => ({ default: m.Switch })));

type SwitchProps = ComponentProps<typeof import('./switch').Switch>;

/**
 * `Switch` for the header, whose Radix code (~4 KB gzip with its shared runtime) loads after the
 * page rather than with the first screen. Until then the same markup stands in — a button with
 * role "switch" and the same classes, size and label — and it already works (a click before the
 * swap changes the setting), so nothing moves and no click is lost.
 */
export function DeferredSwitch(props: SwitchProps) {
  const [ready, setReady] = useState(false);
  useEffect(() => afterPageLoad(() => setReady(true)), []);
  const standIn = <StandInSwitch {...props} />;
  if (!ready) return standIn;
  return (
    <Suspense fallback={standIn}>
      <RadixSwitch {...props} />
    </Suspense>
  );
}

function StandInSwitch({ label, checked, onCheckedChange, disabled, hideLabel }: SwitchProps) {
  const id = useId();
  const state = checked ? 'checked' : 'unchecked';
  return (
    <span className="switch-label">
      <button
        type="button"
        role="switch"
        id={id}
        className="switch"
        aria-checked={checked}
        data-state={state}
        data-disabled={disabled ? '' : undefined}
        disabled={disabled}
        onClick={() => onCheckedChange(!checked)}
      >
        <span className="switch-thumb" data-state={state} />
      </button>
      <label htmlFor={id} className={hideLabel ? 'sr-only' : undefined}>
        {label}
      </label>
    </span>
  );
}
