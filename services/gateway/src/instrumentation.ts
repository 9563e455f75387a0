// Loaded first by main.ts: instrumentation must patch http and express before they load.
import { startTelemetry } from '@pt/platform/telemetry/telemetry';

startTelemetry({
  serviceName: 'gateway',
  otlpEndpoint: process.env.OTEL_EXPORTER_OTLP_ENDPOINT || undefined,
});
