import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BetaGuard } from './app/beta-guard';
import { Providers } from './app/providers';
import { preloadRoute } from './app/route-table';
import { startMonitoring } from './modules/monitoring/api/reporter';
import { registerServiceWorkerOnLoad } from './modules/pwa/register-service-worker';
import './ui/styles.css';

const root = document.getElementById('root');
// §8: a missing root element at start-up is an error.
if (!root) throw new Error('Root element #root not found');

preloadRoute(window.location.pathname);
startMonitoring();
registerServiceWorkerOnLoad();

createRoot(root).render(
  <StrictMode>
    <Providers>
      <BetaGuard />
    </Providers>
  </StrictMode>,
);
