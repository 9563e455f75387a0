import { UserRound } from 'lucide-react';
import { deferredMenu } from '../../../ui/deferred-menu';
import { useAuth } from '../hooks/auth-context';
import { useAuthDialog } from '../hooks/auth-dialog-context';

const AccountDropdown = deferredMenu(() => import('./account-dropdown'));

/** Sign In while anonymous; the account menu once signed in. */
export function AccountMenu() {
  const { authenticated, user, status } = useAuth();
  const { openAuthDialog } = useAuthDialog();
  if (status === 'loading') return null;
  if (!authenticated)
    return (
      <button
        type="button"
        className="btn btn-sm btn-primary"
        onClick={() => openAuthDialog({ redirectTo: '/' })}
      >
        Sign In
      </button>
    );
  const name = (user?.user_metadata as { name?: string } | undefined)?.name ?? user?.email ?? 'Account';
  return (
    <AccountDropdown label={`Account menu for ${name}`}>
      <UserRound size={18} aria-hidden /> <span className="account-name">{name}</span>
    </AccountDropdown>
  );
}
