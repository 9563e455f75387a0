import * as Dialog from '@radix-ui/react-dialog';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { deleteAccount } from '../modules/account/api/delete-account';
import { clearLocalData } from '../modules/account/utils/local-data';
import { authClient } from '../modules/auth/api/auth-client';
import { useAuth } from '../modules/auth/hooks/auth-context';
import { Page } from '../ui/page';

/** Deletes the account (DELETE /auth/v1/user) and this browser's data, after a confirmation. */
export default function DataDeletionPage() {
  const { authenticated, session } = useAuth();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  async function deleteEverything() {
    setBusy(true);
    if (authenticated && session) {
      if (!(await deleteAccount())) {
        setBusy(false);
        return void toast.error('Your account could not be deleted. Please try again.');
      }
      await authClient.signOut({ scope: 'local' });
    }
    clearLocalData();
    queryClient.clear();
    setBusy(false);
    setOpen(false);
    toast.success(
      authenticated ? 'Your account and local data were deleted.' : 'Your local data was deleted.',
    );
    void navigate('/');
  }

  return (
    <Page title="Data deletion">
      <div className="prose">
        <p>
          You can delete your data at any time.{' '}
          {authenticated ? 'Deleting removes your account' : 'Signed in, deleting also removes your account'},
          its wishlists, price alerts and personal price history from our servers, and clears everything this
          app stored in this browser: region, theme, Pro Mode, local wishlists and alerts, consent choices.
        </p>
        <p>Deletion cannot be undone. Price-drop emails stop immediately.</p>
      </div>
      <Dialog.Root open={open} onOpenChange={setOpen}>
        <Dialog.Trigger className="btn btn-danger">
          {authenticated ? 'Delete my account and data' : 'Delete my local data'}
        </Dialog.Trigger>
        <Dialog.Portal>
          <Dialog.Overlay className="dialog-overlay" />
          <Dialog.Content className="dialog-content">
            <Dialog.Title className="dialog-title">Delete everything?</Dialog.Title>
            <Dialog.Description>This permanently deletes your data. It cannot be undone.</Dialog.Description>
            <div className="row" style={{ marginTop: '1rem' }}>
              <Dialog.Close className="btn">Cancel</Dialog.Close>
              <button
                type="button"
                className="btn btn-danger"
                disabled={busy}
                onClick={() => void deleteEverything()}
              >
                {busy ? 'Deleting...' : 'Yes, delete'}
              </button>
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </Page>
  );
}
