import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';

export interface MenuProps {
  /** Mounted on the user's first click: the menu opens right away. */
  defaultOpen?: boolean;
}

/**
 * A header menu whose Radix code (menu, popper, floating-ui: ~20 KB gzip) loads on first use rather
 * than with the page, keeping the initial JavaScript of `/` in budget. Until then a plain button
 * with the same label stands in; the first click (or Enter/Space) mounts the real menu, open.
 */
export function deferredMenu(load: () => Promise<{ default: ComponentType<MenuProps> }>) {
  const Menu = lazy(load);
  return function DeferredMenu({
    label,
    children,
    testId,
  }: {
    label: string;
    children: ReactNode;
    testId?: string;
  }) {
    const [active, setActive] = useState(false);
    const stand = (onClick?: () => void) => (
      <button
        type="button"
        className="btn btn-sm"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={false}
        data-testid={testId}
        onClick={onClick}
        onPointerEnter={() => void load()}
        onFocus={() => void load()}
      >
        {children}
      </button>
    );
    if (!active) return stand(() => setActive(true));
    return (
      <Suspense fallback={stand()}>
        <Menu defaultOpen />
      </Suspense>
    );
  };
}
