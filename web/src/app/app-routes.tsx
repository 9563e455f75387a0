import { Suspense } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { ROUTE_REDIRECTS } from '@pt/domain';
import { RouteErrorBoundary } from '../modules/discovery/route-error-boundary';
import { LoadingScreen } from '../ui/loading-screen';
import { PAGE_ROUTES } from './route-table';

/** §2 routes: the page table plus the replace-redirects. */
export function AppRoutes() {
  const { pathname } = useLocation();
  return (
    <Suspense fallback={<LoadingScreen />}>
      <Routes>
        {Object.entries(ROUTE_REDIRECTS).map(([from, to]) => (
          <Route key={from} path={from} element={<Navigate to={to} replace />} />
        ))}
        {PAGE_ROUTES.map(({ path, page: Page }) => (
          <Route
            key={path}
            path={path}
            element={
              <RouteErrorBoundary key={pathname}>
                <Page />
              </RouteErrorBoundary>
            }
          />
        ))}
      </Routes>
    </Suspense>
  );
}
