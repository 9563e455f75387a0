import { collectProcessMetrics } from './metrics';
import { startTelemetry } from './telemetry';

/**
 * The first import of every process entry (each service's and the gateway's main, the pricing
 * worker, the embedded host): tracing starts before http, express and pg are loaded, so their
 * instrumentation can patch them, and the process's own health (CPU, heap, event-loop lag, GC,
 * handles) joins the request metrics on `/metrics`. Traces leave the process only when
 * OTEL_EXPORTER_OTLP_ENDPOINT is set.
 */
export function instrumentProcess(serviceName: string): void {
  startTelemetry({ serviceName, otlpEndpoint: process.env.OTEL_EXPORTER_OTLP_ENDPOINT || undefined });
  collectProcessMetrics();
}
