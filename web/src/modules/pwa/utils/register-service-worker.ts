/**
 * §4: the service worker (vite-plugin-pwa / Workbox, app-shell precache) is registered when the
 * window finishes loading, so it never competes with the first render.
 */
export function registerServiceWorkerOnLoad(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  window.addEventListener('load', () => {
    void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
      console.warn('Service worker registration failed', error);
    });
  });
}
