import { Menu } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import type { NavItem } from './nav-items';

const load = () => import('./nav-sheet');
const NavSheet = lazy(load);

/**
 * The header's menu button (shown below the desktop width by CSS). The sheet's dialog code loads on
 * first use, like the header menus (ui/deferred-menu), keeping it out of the initial JavaScript.
 */
export function NavMenuButton({ links }: { links: readonly NavItem[] }) {
  const [active, setActive] = useState(false);
  const stand = (onClick?: () => void) => (
    <button
      type="button"
      className="btn btn-sm nav-menu-trigger"
      aria-label="Menu"
      aria-haspopup="dialog"
      aria-expanded={false}
      onClick={onClick}
      onPointerEnter={() => void load()}
      onFocus={() => void load()}
    >
      <Menu size={20} aria-hidden />
    </button>
  );
  if (!active) return stand(() => setActive(true));
  return (
    <Suspense fallback={stand()}>
      <NavSheet links={links} defaultOpen />
    </Suspense>
  );
}
