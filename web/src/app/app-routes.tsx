import { Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { ROUTE_REDIRECTS } from '@pt/domain';
import { LoadingScreen } from '../ui/loading-screen';
import { PAGE_ROUTES } from './route-table';

/** §2 routes: the page table plus the replace-redirects. */
export function AppRoutes() {
  return (
    <Suspense fallback={<LoadingScreen />}>
      <Routes>
        {Object.entries(ROUTE_REDIRECTS).map(([from, to]) => (
          <Route key={from} path={from} element={<Navigate to={to} replace />} />
        ))}
        {PAGE_ROUTES.map(({ path, page: Page }) => (
          <Route key={path} path={path} element={<Page />} />
        ))}
      </Routes>
    </Suspense>
  );
}
