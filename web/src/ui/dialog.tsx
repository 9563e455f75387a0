import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';

/** A modal dialog (Radix): focus is trapped, Escape and the close button dismiss it. */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  trigger,
  children,
  actions,
}: {
  open?: boolean;
  onOpenChange?(open: boolean): void;
  title: string;
  description?: ReactNode;
  /** The control that opens it (uncontrolled use). */
  trigger?: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger && <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger>}
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="dialog-overlay" />
        <RadixDialog.Content className="dialog-content">
          <RadixDialog.Title className="dialog-title">{title}</RadixDialog.Title>
          {description ? (
            <RadixDialog.Description className="dialog-description">{description}</RadixDialog.Description>
          ) : (
            <RadixDialog.Description className="sr-only">{title}</RadixDialog.Description>
          )}
          {children}
          {actions && <div className="dialog-actions">{actions}</div>}
          <RadixDialog.Close asChild>
            <button type="button" className="btn btn-ghost btn-sm btn-icon dialog-close" aria-label="Close">
              <X size={18} aria-hidden="true" />
            </button>
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
