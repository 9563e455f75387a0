import { onApiEvent, type ApiEvent } from '../../../lib/api';

/** What happened before the monitoring code loaded, in order. */
export type EarlyEvent =
  | { kind: 'error'; event: ErrorEvent }
  | { kind: 'rejection'; event: PromiseRejectionEvent }
  | { kind: 'api'; event: ApiEvent };

export interface EarlyCapture {
  /** Stops capturing and hands over what was caught; the monitoring listens from then on. */
  drain(): EarlyEvent[];
}

/**
 * Errors, unhandled rejections and failed API calls from the first instant, kept until the
 * monitoring code (which reports them) has loaded after the first screen: starting it late must
 * not lose what broke the first screen.
 */
export function captureEarlyEvents(): EarlyCapture {
  const caught: EarlyEvent[] = [];
  const onError = (event: ErrorEvent) => caught.push({ kind: 'error', event });
  const onRejection = (event: PromiseRejectionEvent) => caught.push({ kind: 'rejection', event });
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  const stopApi = onApiEvent((event) => caught.push({ kind: 'api', event }));
  return {
    drain() {
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onRejection);
      stopApi();
      return caught.splice(0);
    },
  };
}
