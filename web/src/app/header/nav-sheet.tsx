import * as Dialog from '@radix-ui/react-dialog';
import { Menu, X } from 'lucide-react';
import { useState } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { ProToggle } from '../../modules/pro/components/pro-toggle';
import { RegionSelector } from '../../modules/region/components/region-selector';
import type { NavItem } from './nav-items';

export interface NavSheetProps {
  links: readonly NavItem[];
  /** Mounted by the first click on the stand-in button: the sheet opens right away. */
  defaultOpen?: boolean;
}

/**
 * Below the desktop width the main navigation, Pro Mode and the region live in a sheet that slides
 * from the side, so the header stays one row (≤ 64 px on a phone).
 */
export default function NavSheet({ links, defaultOpen }: NavSheetProps) {
  const [open, setOpen] = useState(Boolean(defaultOpen));
  // Any navigation (a link here, or Pro Mode switching screens) closes the sheet.
  const { pathname } = useLocation();
  const [shownAt, setShownAt] = useState(pathname);
  if (pathname !== shownAt) {
    setShownAt(pathname);
    setOpen(false);
  }
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className="btn btn-sm nav-menu-trigger" aria-label="Menu">
        <Menu size={20} aria-hidden />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="nav-sheet" aria-describedby={undefined}>
          <div className="nav-sheet-head">
            <Dialog.Title className="nav-sheet-title">Menu</Dialog.Title>
            <Dialog.Close className="btn btn-sm" aria-label="Close menu">
              <X size={20} aria-hidden />
            </Dialog.Close>
          </div>
          <nav aria-label="Main" className="nav-sheet-links">
            {links.map((item) => (
              <NavLink key={item.to} to={item.to} end={item.end} onClick={() => setOpen(false)}>
                {item.label}
              </NavLink>
            ))}
          </nav>
          <div className="nav-sheet-tools">
            <ProToggle />
            <RegionSelector />
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
