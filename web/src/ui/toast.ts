import type { toast as sonnerToast } from 'sonner';

/**
 * `toast` for code on the first screen (the shell, the product cards): the same calls as sonner's,
 * which loads on the first one (or when the toaster mounts after the first paint) instead of with
 * the app's initial JavaScript. Screens that load later may import sonner's `toast` directly: it is
 * the same module, so either way the toast reaches the one toaster.
 */
type Sonner = typeof import('sonner');
type Message = Parameters<typeof sonnerToast.success>[0];
type Options = Parameters<typeof sonnerToast.success>[1];

let loading: Promise<Sonner> | undefined;
const wanted = new Set<() => void>();

/** Loads sonner once; the deferred toaster mounts as soon as anyone needs it. */
export function loadSonner(): Promise<Sonner> {
  if (!loading) {
    loading = import('sonner');
    for (const notify of wanted) notify();
  }
  return loading;
}

/** Calls `notify` once sonner is asked for (at once if it already was); returns an unsubscribe. */
export function onSonnerWanted(notify: () => void): () => void {
  if (loading) {
    notify();
    return () => {};
  }
  wanted.add(notify);
  return () => wanted.delete(notify);
}

type Kind = 'success' | 'error' | 'info' | 'warning';
const show = (kind: Kind) => (message: Message, options?: Options) => {
  void loadSonner().then((m) => m.toast[kind](message, options));
};

export const toast = {
  success: show('success'),
  error: show('error'),
  info: show('info'),
  warning: show('warning'),
};
