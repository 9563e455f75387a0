import type { CSSProperties } from 'react';

/** A placeholder block while content loads; hidden from assistive technology (the caller says "Loading"). */
export function Skeleton({
  width,
  height,
  radius,
  className,
}: {
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
  radius?: CSSProperties['borderRadius'];
  className?: string;
}) {
  return (
    <span
      aria-hidden="true"
      className={['skeleton', className].filter(Boolean).join(' ')}
      style={{ width, height, borderRadius: radius }}
    />
  );
}
