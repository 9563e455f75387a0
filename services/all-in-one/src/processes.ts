/**
 * Every process the image can run, by the name its command takes (`docker run price-tracker
 * catalog`), with the compiled entry that runs it. One list for the image's entrypoint, compose,
 * k8s and the manifest tests (services/all-in-one/test/deploy): a process added here and missing
 * from a manifest fails those tests.
 *
 * Kept free of imports: the entrypoint loads this before any instrumented library.
 */
export const PROCESSES = {
  gateway: 'services/gateway/dist/main.js',
  auth: 'services/auth/dist/main.js',
  catalog: 'services/catalog/dist/main.js',
  pricing: 'services/pricing/dist/main.js',
  'pricing-worker': 'services/pricing/dist/worker.js',
  wishlist: 'services/wishlist/dist/main.js',
  'alert-notifier': 'services/alert-notifier/dist/main.js',
  settings: 'services/settings/dist/main.js',
  'all-in-one': 'services/all-in-one/dist/main.js',
  migrate: 'services/all-in-one/dist/migrate.js',
} as const;

export type ProcessName = keyof typeof PROCESSES;

/** The long-running processes of the distributed mode (not the embedded host, not the migrate job). */
export const DISTRIBUTED_PROCESSES = [
  'gateway',
  'auth',
  'catalog',
  'pricing',
  'pricing-worker',
  'wishlist',
  'alert-notifier',
  'settings',
] as const satisfies readonly ProcessName[];

export function isProcessName(value: string): value is ProcessName {
  return Object.prototype.hasOwnProperty.call(PROCESSES, value);
}
