import { Wrench } from 'lucide-react';
import { useAuth } from '../../auth/hooks/auth-context';
import { useAuthDialog } from '../../auth/hooks/auth-dialog-context';

/** While maintenance mode is on, everyone but admins sees this (admins sign in here). */
export function MaintenanceScreen() {
  const { authenticated } = useAuth();
  const { openAuthDialog } = useAuthDialog();
  return (
    <main className="full-screen-message">
      <div>
        <Wrench size={40} aria-hidden />
        <h1>We&apos;ll be right back</h1>
        <p>
          Price Tracker is down for maintenance. Your wishlists and alerts are safe; please try again shortly.
        </p>
        {!authenticated && (
          <button type="button" className="btn" onClick={() => openAuthDialog({ redirectTo: '/' })}>
            Administrator sign in
          </button>
        )}
      </div>
    </main>
  );
}
