import { Link } from 'react-router-dom';
import { useAuth } from '../../auth/hooks/auth-context';
import { useSystemSettings } from '../hooks/settings-context';

/**
 * While maintenance mode is on, admins still get the app (guard-screen); this banner keeps them
 * from forgetting that shoppers see the maintenance screen meanwhile.
 */
export function MaintenanceBanner() {
  const { isAdmin } = useAuth();
  const { settings } = useSystemSettings();
  if (!isAdmin || !settings.maintenanceMode) return null;
  return (
    <div className="maintenance-banner" role="status" data-testid="maintenance-banner">
      <strong>Maintenance mode is on.</strong> Shoppers see the maintenance screen.{' '}
      <Link to="/admin/settings">Turn it off in Settings</Link>
    </div>
  );
}
