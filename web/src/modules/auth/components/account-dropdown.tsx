import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { UserRound } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import type { MenuProps } from '../../../ui/deferred-menu';
import { useAuth } from '../hooks/auth-context';
import { useSignOut } from '../hooks/use-sign-out';

export function displayName(user: { email?: string; user_metadata?: unknown } | null): string {
  return (user?.user_metadata as { name?: string } | undefined)?.name ?? user?.email ?? 'Account';
}

export default function AccountDropdown({ defaultOpen }: MenuProps) {
  const { user, isAdmin } = useAuth();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const name = displayName(user);
  return (
    <DropdownMenu.Root defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger className="btn btn-sm" aria-label={`Account menu for ${name}`}>
        <UserRound size={18} aria-hidden /> <span className="account-name">{name}</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu-content" sideOffset={8} align="end">
          <DropdownMenu.Item className="menu-item" onSelect={() => void navigate('/account')}>
            Account
          </DropdownMenu.Item>
          <DropdownMenu.Item className="menu-item" onSelect={() => void navigate('/settings')}>
            Settings
          </DropdownMenu.Item>
          {isAdmin && (
            <DropdownMenu.Item className="menu-item" onSelect={() => void navigate('/admin')}>
              Admin
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Separator style={{ borderTop: '1px solid var(--border)', margin: '0.25rem 0' }} />
          <DropdownMenu.Item className="menu-item" onSelect={() => void signOut()}>
            Sign out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
