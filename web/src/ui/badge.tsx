import type { HTMLAttributes } from 'react';

export type BadgeTone = 'neutral' | 'accent' | 'success' | 'warning' | 'danger';

/** A short status label (condition, "Best value", a price verdict). */
export function Badge({
  tone = 'neutral',
  className,
  ...rest
}: HTMLAttributes<HTMLSpanElement> & { tone?: BadgeTone }) {
  return (
    <span
      className={['badge', tone !== 'neutral' && `badge-${tone}`, className].filter(Boolean).join(' ')}
      {...rest}
    />
  );
}
