import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router-dom';
import { betaGuardView } from '@pt/domain';
import { useAuth } from '../modules/auth/hooks/auth-context';
import { useSystemSettings } from '../modules/settings-loader/hooks/settings-context';
import { LoadingScreen } from '../ui/loading-screen';
import { AppLayout } from './app-layout';
import { AppRoutes } from './app-routes';
import { LandingPage, TokenProcessor } from './route-table';
import { guardScreen } from './guard-screen';

/**
 * Pages a link opens that must open for a signed-out reader even while the landing page is on: a
 * mail's, and a shared list's (no account is needed to view one).
 */
const OPEN_TO_LINK_READERS = /^\/(unsubscribe|shared\/[^/]+)\/?$/;
// Shown only while maintenance mode is on: loaded then, not with every first screen.
const MaintenanceScreen = lazy(() =>
  import('../modules/settings-loader/components/maintenance-screen').then((m) => ({
    default: m.MaintenanceScreen,
  })),
);

/**
 * §4 beta guard: a loading screen while auth or the beta flag loads; the landing page while the
 * flag is on and the user is anonymous or unconfirmed; a `?token&type` link goes through to the
 * token processor; maintenance mode shows its screen to everyone but admins.
 */
export function BetaGuard() {
  const location = useLocation();
  const auth = useAuth();
  const settings = useSystemSettings();
  const query = Object.fromEntries(new URLSearchParams(location.search));
  const screen = guardScreen({
    view: betaGuardView({
      authLoading: auth.status === 'loading',
      betaFlagLoading: settings.status === 'loading',
      betaLandingEnabled: settings.settings.betaLandingEnabled,
      authenticated: auth.authenticated,
      emailConfirmed: auth.emailConfirmed,
      query,
    }),
    tokenLink: Boolean(query.token && query.type),
    maintenance: settings.settings.maintenanceMode,
    isAdmin: auth.isAdmin,
    mailedPage: OPEN_TO_LINK_READERS.test(location.pathname),
  });
  switch (screen) {
    case 'loading':
      return <LoadingScreen label="Loading Price Tracker…" />;
    case 'maintenance':
      return (
        <Suspense fallback={<LoadingScreen />}>
          <MaintenanceScreen />
        </Suspense>
      );
    case 'landing':
      return (
        <Suspense fallback={<LoadingScreen />}>
          <LandingPage />
        </Suspense>
      );
    case 'token':
      return (
        <AppLayout>
          <Suspense fallback={<LoadingScreen />}>
            <TokenProcessor />
          </Suspense>
        </AppLayout>
      );
    case 'app':
      return (
        <AppLayout>
          <AppRoutes />
        </AppLayout>
      );
  }
}
