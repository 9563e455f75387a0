import { Suspense } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { isFeatureEnabled, ROUTE_REDIRECTS } from '@pt/domain';
import { RouteErrorBoundary } from '../modules/discovery/components/route-error-boundary';
import { useSystemSettings } from '../modules/settings-loader/hooks/settings-context';
import { LoadingScreen } from '../ui/loading-screen';
import { NotFoundPage, PAGE_ROUTES } from './route-table';

/** §2 routes: the page table plus the replace-redirects; a screen whose feature flag is off is not found. */
export function AppRoutes() {
  const { pathname } = useLocation();
  const { featureFlags } = useSystemSettings().settings;
  return (
    <Suspense fallback={<LoadingScreen />}>
      <Routes>
        {Object.entries(ROUTE_REDIRECTS).map(([from, to]) => (
          <Route key={from} path={from} element={<Navigate to={to} replace />} />
        ))}
        {PAGE_ROUTES.map(({ path, page, feature }) => {
          const Page = feature && !isFeatureEnabled(featureFlags, feature) ? NotFoundPage : page;
          return (
            <Route
              key={path}
              path={path}
              element={
                <RouteErrorBoundary key={pathname}>
                  <Page />
                </RouteErrorBoundary>
              }
            />
          );
        })}
      </Routes>
    </Suspense>
  );
}
