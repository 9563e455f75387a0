import { context, propagation, trace, type Context } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { registerInstrumentations, type Instrumentation } from '@opentelemetry/instrumentation';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BatchSpanProcessor,
  NoopSpanProcessor,
  SimpleSpanProcessor,
  type SpanExporter,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';

/** The libraries a process may instrument; each is loaded only when the process uses it. */
export type InstrumentationName = 'http' | 'express' | 'pg' | 'ioredis' | 'kafkajs';

export interface TelemetryOptions {
  serviceName: string;
  version?: string;
  /** OTLP/HTTP endpoint; traces are exported only when it is set. */
  otlpEndpoint?: string;
  /**
   * What to instrument. Default: derived from the environment (instrumentationsFor), so a process
   * without Postgres, Redis or Kafka loads none of their instrumentation code.
   */
  instrumentations?: readonly InstrumentationName[];
  /** Where spans go instead of OTLP (tests: an InMemorySpanExporter), exported synchronously. */
  spanExporter?: SpanExporter;
}

/**
 * The instrumentations a process needs, from the variables that decide which clients it opens:
 * HTTP and express always; pg with DATABASE_URL (PGlite is not instrumented); ioredis with
 * REDIS_URL (bus, queue, rate limits); kafkajs with EVENT_BUS=kafka.
 */
export function instrumentationsFor(
  env: Record<string, string | undefined> = process.env,
): InstrumentationName[] {
  const names: InstrumentationName[] = ['http', 'express'];
  if (env.DATABASE_URL) names.push('pg');
  if (env.REDIS_URL) names.push('ioredis');
  if (env.EVENT_BUS === 'kafka') names.push('kafkajs');
  return names;
}

// Loaded on demand: requiring every instrumentation (and the whole @opentelemetry/sdk-node with its
// gRPC/proto exporters, as before) cost ~2,300 modules and ~70 MB per process.
/* eslint-disable @typescript-eslint/no-require-imports -- synchronous, conditional loading is the point */
const LOADERS: Record<InstrumentationName, () => Instrumentation> = {
  http: () => {
    const { HttpInstrumentation } =
      require('@opentelemetry/instrumentation-http') as typeof import('@opentelemetry/instrumentation-http');
    return new HttpInstrumentation({
      ignoreIncomingRequestHook: (req) => /^\/(livez|healthz|readyz|metrics)/.test(req.url ?? ''),
    });
  },
  express: () => {
    const { ExpressInstrumentation } =
      require('@opentelemetry/instrumentation-express') as typeof import('@opentelemetry/instrumentation-express');
    return new ExpressInstrumentation();
  },
  pg: () => {
    const { PgInstrumentation } =
      require('@opentelemetry/instrumentation-pg') as typeof import('@opentelemetry/instrumentation-pg');
    return new PgInstrumentation();
  },
  ioredis: () => {
    const { IORedisInstrumentation } =
      require('@opentelemetry/instrumentation-ioredis') as typeof import('@opentelemetry/instrumentation-ioredis');
    return new IORedisInstrumentation();
  },
  kafkajs: () => {
    const { KafkaJsInstrumentation } =
      require('@opentelemetry/instrumentation-kafkajs') as typeof import('@opentelemetry/instrumentation-kafkajs');
    return new KafkaJsInstrumentation();
  },
};

function otlpProcessor(endpoint: string): SpanProcessor {
  const { OTLPTraceExporter } =
    require('@opentelemetry/exporter-trace-otlp-http') as typeof import('@opentelemetry/exporter-trace-otlp-http');
  return new BatchSpanProcessor(new OTLPTraceExporter({ url: `${endpoint.replace(/\/$/, '')}/v1/traces` }));
}
/* eslint-enable @typescript-eslint/no-require-imports */

interface Running {
  provider: NodeTracerProvider;
  unregister: () => void;
  instrumentations: readonly InstrumentationName[];
}

let running: Running | undefined;

/**
 * Starts tracing before the instrumented libraries are loaded (import the entry's instrumentation
 * file first). Spans, trace ids in logs and context propagation always work; export happens only
 * with an OTLP endpoint (or a given exporter), so a laptop run sends nothing anywhere. Only traces
 * are wired here; Prometheus covers metrics and pino covers logs.
 */
export function startTelemetry({
  serviceName,
  version = '0.1.0',
  otlpEndpoint,
  instrumentations = instrumentationsFor(),
  spanExporter,
}: TelemetryOptions): void {
  if (running) return;
  // A tracer provider is registered either way: without an exporter spans still get ids (for logs
  // and propagation) and the no-op processor drops them.
  const spanProcessor = spanExporter
    ? new SimpleSpanProcessor(spanExporter)
    : otlpEndpoint
      ? otlpProcessor(otlpEndpoint)
      : new NoopSpanProcessor();
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': serviceName, 'service.version': version }),
    spanProcessors: [spanProcessor],
  });
  provider.register({ propagator: new W3CTraceContextPropagator() });
  const unregister = registerInstrumentations({
    tracerProvider: provider,
    instrumentations: instrumentations.map((name) => LOADERS[name]()),
  });
  running = { provider, unregister, instrumentations };
}

/** The instrumentations the running telemetry loaded (empty when it is not started). */
export function activeInstrumentations(): readonly InstrumentationName[] {
  return running?.instrumentations ?? [];
}

export async function stopTelemetry(): Promise<void> {
  const current = running;
  running = undefined;
  if (!current) return;
  current.unregister();
  await current.provider.shutdown().catch(() => undefined);
  trace.disable();
  context.disable();
  propagation.disable();
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
