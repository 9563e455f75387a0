import type { MonitoringEvent } from '@pt/contracts';
import { currentAccessToken, onApiEvent, type ApiEvent } from '../../../lib/api';
import type { EarlyEvent } from '../utils/early-capture';
import { readCookieConsent } from '../../consent/components/cookie-banner';
import { Monitor, ReportBudget } from '../utils/monitor';

export const monitor = new Monitor();
const budget = new ReportBudget();

/** Where errors are reported (the settings service's rate-limited intake; see web/README.md). */
export const MONITORING_ENDPOINT = '/api/v1/monitoring/events';

function report(event: MonitoringEvent): void {
  // Reports leave the browser only with consent (the banner's "Accept all").
  if (event.severity === 'low' || readCookieConsent() !== 'accepted' || !budget.take()) return;
  // Signed in, the report names its user (and counts against that user's limit, not the address).
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  const token = currentAccessToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  // keepalive: an error just before navigation still arrives. Failures are dropped, never re-reported.
  void fetch(MONITORING_ENDPOINT, {
    method: 'POST',
    headers,
    body: JSON.stringify(event),
    keepalive: true,
  }).catch(() => undefined);
}

const SLOW_PAGE_MS = 3000;

function reportError(e: ErrorEvent): void {
  report(
    monitor.record({
      type: 'error',
      component: 'window',
      severity: 'high',
      details: { message: e.message, source: e.filename, line: e.lineno },
      context: { path: window.location.pathname },
    }),
  );
}

function reportRejection(e: PromiseRejectionEvent): void {
  const reason: unknown = e.reason;
  report(
    monitor.record({
      type: 'error',
      component: 'promise',
      severity: 'medium',
      details: { message: reason instanceof Error ? reason.message : String(reason) },
      context: { path: window.location.pathname },
    }),
  );
}

function reportApi({ path, status, kind }: ApiEvent): void {
  if (path === MONITORING_ENDPOINT) return;
  report(
    monitor.record({
      type: 'api_error',
      component: 'api',
      severity: status >= 500 ? 'high' : 'low',
      details: { path, status, kind },
      context: { page: window.location.pathname },
    }),
  );
}

/**
 * Errors, failed API calls and slow pages (§3 Monitoring event). Started once the page has loaded
 * (main.tsx), with what `captureEarlyEvents` caught before.
 */
export function startMonitoring(early: readonly EarlyEvent[]): void {
  for (const caught of early) {
    if (caught.kind === 'error') reportError(caught.event);
    else if (caught.kind === 'rejection') reportRejection(caught.event);
    else reportApi(caught.event);
  }
  window.addEventListener('error', reportError);
  window.addEventListener('unhandledrejection', reportRejection);
  onApiEvent(reportApi);
  const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  if (nav && nav.duration > SLOW_PAGE_MS)
    monitor.record({
      type: 'slow_page',
      component: 'navigation',
      severity: 'medium',
      details: { durationMs: Math.round(nav.duration) },
      context: { path: window.location.pathname },
    });
}
