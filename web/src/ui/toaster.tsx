import { lazy, Suspense, useEffect, useState } from 'react';
import { afterPageLoad } from '../lib/after-page-load';
import { loadSonner, onSonnerWanted } from './toast';

const SonnerToaster = lazy(() => loadSonner().then(() => import('./sonner-toaster')));

/**
 * The toaster (sonner) is not part of the first screen's JavaScript: it mounts on the first toast
 * through `ui/toast`, or as soon as the page has loaded (so Alt+T works and screens that call
 * sonner directly are not kept waiting). Toasts shown before it mounts are kept by sonner and
 * appear when it does. The theme comes from whoever renders it (the design system reads no feature).
 */
export function Toaster({ theme }: { theme: 'light' | 'dark' }) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    if (mounted) return;
    const mount = () => setMounted(true);
    const unsubscribe = onSonnerWanted(mount);
    const cancel = afterPageLoad(mount);
    return () => {
      unsubscribe();
      cancel();
    };
  }, [mounted]);
  return mounted ? (
    <Suspense fallback={null}>
      <SonnerToaster theme={theme} />
    </Suspense>
  ) : null;
}
