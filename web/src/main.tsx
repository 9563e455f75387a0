import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BetaGuard } from './app/beta-guard';
import { prefetchRouteData } from './app/prefetch-route-data';
import { Providers } from './app/providers';
import { createQueryClient } from './app/query-client';
import { requireRootElement } from './app/root-element';
import { preloadRoute } from './app/route-table';
import { afterPageLoad } from './lib/after-page-load';
import { captureEarlyEvents } from './modules/monitoring/utils/early-capture';
import { registerServiceWorkerOnLoad } from './modules/pwa/utils/register-service-worker';
import './ui/styles.css';

// §8: a missing root element at start-up throws, before anything else starts.
const root = requireRootElement();

const queryClient = createQueryClient();
preloadRoute(window.location.pathname);
// Monitoring's reporter is not first-screen code: what happens before it loads is kept for it.
const early = captureEarlyEvents();
afterPageLoad(() => {
  void import('./modules/monitoring/api/reporter').then((m) => m.startMonitoring(early.drain()));
});
prefetchRouteData(queryClient, window.location.pathname);
registerServiceWorkerOnLoad();

createRoot(root).render(
  <StrictMode>
    <Providers client={queryClient}>
      <BetaGuard />
    </Providers>
  </StrictMode>,
);
