import { lazy, Suspense } from 'react';
import { NavLink, Route, Routes } from 'react-router-dom';
import { useAuth } from '../../modules/auth/hooks/auth-context';
import { useAuthDialog } from '../../modules/auth/hooks/auth-dialog-context';
import { LoadingScreen } from '../../ui/loading-screen';
import { Page } from '../../ui/page';

const Dashboard = lazy(() => import('./admin-dashboard'));
const SettingsEditor = lazy(() => import('./admin-settings'));
const PricingStatus = lazy(() => import('./admin-pricing'));
const Outbox = lazy(() => import('./admin-outbox'));
const Monitoring = lazy(() => import('./admin-monitoring'));
const Emails = lazy(() => import('./admin-emails'));

/** §2 /admin/* with nested routes. The server enforces the admin role; the screen only mirrors it. */
export default function AdminPage() {
  const { authenticated, isAdmin, status } = useAuth();
  const { openAuthDialog } = useAuthDialog();
  if (status === 'loading') return <LoadingScreen />;
  if (!authenticated)
    return (
      <Page title="Admin">
        <p>Sign in with an administrator account to continue.</p>
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => openAuthDialog({ redirectTo: '/admin' })}
        >
          Sign In
        </button>
      </Page>
    );
  if (!isAdmin)
    return (
      <Page title="Admin">
        <p role="alert">You need administrator access to see this area.</p>
      </Page>
    );
  return (
    <div>
      <nav aria-label="Admin" className="main-nav" style={{ marginBottom: '1rem' }}>
        <NavLink to="/admin" end>
          Dashboard
        </NavLink>
        <NavLink to="/admin/settings">Settings</NavLink>
        <NavLink to="/admin/pricing">Pricing status</NavLink>
        <NavLink to="/admin/emails">Email delivery</NavLink>
        <NavLink to="/admin/outbox">Outbox</NavLink>
        <NavLink to="/admin/monitoring">Monitoring</NavLink>
      </nav>
      <Suspense fallback={<LoadingScreen />}>
        <Routes>
          <Route index element={<Dashboard />} />
          <Route path="settings" element={<SettingsEditor />} />
          <Route path="pricing" element={<PricingStatus />} />
          <Route path="emails" element={<Emails />} />
          <Route path="outbox" element={<Outbox />} />
          <Route path="monitoring" element={<Monitoring />} />
          <Route
            path="*"
            element={
              <Page title="Admin page not found">
                <p>
                  <NavLink to="/admin">Back to the dashboard</NavLink>
                </p>
              </Page>
            }
          />
        </Routes>
      </Suspense>
    </div>
  );
}
