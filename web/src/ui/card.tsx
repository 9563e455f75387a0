import type { HTMLAttributes } from 'react';

type CardElement = 'div' | 'article' | 'section' | 'li';

/** A raised surface for one thing (a product, a list, a panel). */
export function Card({
  as: Element = 'div',
  interactive,
  flat,
  className,
  ...rest
}: HTMLAttributes<HTMLElement> & { as?: CardElement; interactive?: boolean; flat?: boolean }) {
  return (
    <Element
      className={['card', interactive && 'card-interactive', flat && 'card-flat', className]
        .filter(Boolean)
        .join(' ')}
      {...rest}
    />
  );
}
