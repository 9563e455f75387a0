import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const SHARED_LIB_SOURCE = /[\\/]libs[\\/](contracts|domain)[\\/]src[\\/]/;
/**
 * React, the router and react-query: every route needs all of them before its first render, so one
 * chunk (one request, one gzip dictionary) instead of the dozen small shared chunks they would
 * otherwise be split into.
 */
const FRAMEWORK =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@tanstack[\\/][^\\/]+)[\\/]/;
const lib = (name: string) => fileURLToPath(new URL(`../libs/${name}/src/index.ts`, import.meta.url));

// The shared rules and contracts are compiled from source, the same code the services run.
export default defineConfig({
  plugins: [
    react(),
    // §4: a Workbox service worker that precaches the app shell; registered on window load by
    // src/modules/pwa/utils/register-service-worker.ts (injectRegister: false), plus the web app manifest.
    VitePWA({
      injectRegister: false,
      registerType: 'autoUpdate',
      filename: 'sw.js',
      manifest: {
        name: 'Price Tracker',
        short_name: 'Price Tracker',
        description:
          'Compare prices across marketplaces, keep wishlists and get an email when a price drops.',
        theme_color: '#0f1115',
        background_color: '#0f1115',
        display: 'standalone',
        start_url: '/',
        scope: '/',
        icons: [{ src: '/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any maskable' }],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,webmanifest}'],
        // Client routes load the shell offline; the API, auth and SSE always go to the network.
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [
          /^\/api\//,
          /^\/auth\//,
          /^\/livez/,
          /^\/healthz/,
          /^\/readyz/,
          /^\/metrics/,
          /^\/admin\/queues/,
        ],
        cleanupOutdatedCaches: true,
      },
    }),
  ],
  resolve: { alias: { '@pt/domain': lib('domain'), '@pt/contracts': lib('contracts') } },
  server: { proxy: { '/api': 'http://localhost:8080', '/auth': 'http://localhost:8080' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Written for the operator (error stacks), never linked from the bundles nor served (gateway).
    sourcemap: 'hidden',
    manifest: true,
    // Every browser the app supports preloads modules natively; one without (Safari before 17)
    // still loads each chunk on import, only without the head start. Not shipping the polyfill
    // keeps its ~0.7 KB off every first screen.
    modulePreload: { polyfill: false },
    rollupOptions: {
      // The shared libs are declarations (zod schemas, constants, pure functions): a page that takes
      // one constant from @pt/contracts need not carry every schema and zod with it.
      treeshake: { moduleSideEffects: (id) => !SHARED_LIB_SOURCE.test(id) },
      output: {
        codeSplitting: {
          groups: [
            { name: 'framework', test: FRAMEWORK, priority: 2 },
            // The rest of what the entry imports statically (the shell's own code and shared
            // helpers): one file rather than a dozen of a few hundred bytes each.
            { name: 'shell', tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
});
