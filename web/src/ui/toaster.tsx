import { lazy, Suspense, useEffect, useState } from 'react';
import { afterPageLoad } from '../lib/after-page-load';
import { loadSonner, onSonnerWanted } from './toast';

const SonnerToaster = lazy(() => loadSonner().then(() => import('./sonner-toaster')));

/** How long after the page's load event the toaster mounts when no toast asked for it sooner. */
const IDLE_MOUNT_MS = 2000;

/**
 * The toaster (sonner) is not part of the first screen's JavaScript: it mounts on the first toast,
 * or shortly after the page has loaded (so Alt+T and toasts of screens that call sonner directly
 * work). Toasts shown before it mounts are kept by sonner and appear when it does.
 */
export function Toaster() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    if (mounted) return;
    const mount = () => setMounted(true);
    const unsubscribe = onSonnerWanted(mount);
    const cancel = afterPageLoad(mount, IDLE_MOUNT_MS);
    return () => {
      unsubscribe();
      cancel();
    };
  }, [mounted]);
  return mounted ? (
    <Suspense fallback={null}>
      <SonnerToaster />
    </Suspense>
  ) : null;
}
