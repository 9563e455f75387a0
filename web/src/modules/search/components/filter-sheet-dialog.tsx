import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { buttonClass } from '../../../ui/button';

/** The phone's filter sheet, mounted open by the first click on its stand-in button. */
export default function FilterSheetDialog({
  trigger,
  children,
}: {
  trigger: ReactNode;
  children: ReactNode;
}) {
  return (
    <Dialog.Root defaultOpen>
      <Dialog.Trigger className={buttonClass({ size: 'sm' })}>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="filter-sheet" aria-describedby={undefined}>
          <div className="nav-sheet-head">
            <Dialog.Title className="nav-sheet-title">Filters</Dialog.Title>
            <Dialog.Close
              className={buttonClass({ size: 'sm', variant: 'ghost', icon: true })}
              aria-label="Close filters"
            >
              <X size={20} aria-hidden />
            </Dialog.Close>
          </div>
          <div className="filters filters-sheet" role="group" aria-label="Filters">
            {children}
          </div>
          <Dialog.Close className={buttonClass({ variant: 'primary', block: true })}>
            Show results
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
