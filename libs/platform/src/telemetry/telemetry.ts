import { context, propagation, trace, type Context } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { ExpressInstrumentation } from '@opentelemetry/instrumentation-express';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { KafkaJsInstrumentation } from '@opentelemetry/instrumentation-kafkajs';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { NodeSDK, tracing } from '@opentelemetry/sdk-node';

export interface TelemetryOptions {
  serviceName: string;
  version?: string;
  /** OTLP/HTTP endpoint; traces are exported only when it is set. */
  otlpEndpoint?: string;
}

let sdk: NodeSDK | undefined;

/**
 * Starts OpenTelemetry before the instrumented libraries are loaded (import the entry's
 * instrumentation file first). Spans, trace ids in logs and context propagation always work;
 * export happens only with an OTLP endpoint, so a laptop run sends nothing anywhere.
 */
export function startTelemetry({ serviceName, version = '0.1.0', otlpEndpoint }: TelemetryOptions): void {
  if (sdk) return;
  process.env.OTEL_SERVICE_NAME ??= serviceName;
  process.env.OTEL_SERVICE_VERSION ??= version;
  // Only traces are wired here; Prometheus covers metrics and pino covers logs.
  process.env.OTEL_METRICS_EXPORTER ??= 'none';
  process.env.OTEL_LOGS_EXPORTER ??= 'none';
  sdk = new NodeSDK({
    serviceName,
    // A tracer provider is registered either way: without an endpoint spans still get ids (for
    // logs and propagation) and the no-op processor drops them.
    spanProcessors: [
      otlpEndpoint
        ? new tracing.BatchSpanProcessor(
            new OTLPTraceExporter({ url: `${otlpEndpoint.replace(/\/$/, '')}/v1/traces` }),
          )
        : new tracing.NoopSpanProcessor(),
    ],
    textMapPropagator: new W3CTraceContextPropagator(),
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (req) => /^\/(healthz|readyz|metrics)/.test(req.url ?? ''),
      }),
      new ExpressInstrumentation(),
      new PgInstrumentation(),
      new IORedisInstrumentation(),
      new KafkaJsInstrumentation(),
    ],
  });
  sdk.start();
}

export async function stopTelemetry(): Promise<void> {
  const running = sdk;
  sdk = undefined;
  await running?.shutdown().catch(() => undefined);
}

const w3c = new W3CTraceContextPropagator();

/** The active trace as a W3C `traceparent`, to put in event envelopes and job data. */
export function currentTraceparent(): string | undefined {
  const carrier: Record<string, string> = {};
  w3c.inject(context.active(), carrier, { set: (c, k, v) => (c[k] = v) });
  return carrier.traceparent;
}

/** Runs fn inside the trace a message carried, so its spans and logs join the producer's trace. */
export function withTraceparent<T>(traceparent: string | undefined, fn: () => T): T {
  if (!traceparent) return fn();
  const extracted: Context = w3c.extract(
    context.active(),
    { traceparent },
    { get: (c, k) => c[k], keys: (c) => Object.keys(c) },
  );
  return context.with(extracted, fn);
}

/** The id of the active trace, if any (log correlation). */
export function currentTraceId(): string | undefined {
  return trace.getSpan(context.active())?.spanContext().traceId;
}

export { propagation };
