// Loaded first by main.ts: instrumentation must patch http, express and pg before they load.
import { startTelemetry } from '@pt/platform/telemetry/telemetry';

startTelemetry({
  serviceName: 'pricing',
  otlpEndpoint: process.env.OTEL_EXPORTER_OTLP_ENDPOINT || undefined,
});
