// Run by trace-across-http-and-bus.int-spec.ts in a plain Node process (jest's module registry
// would hide `http` from the instrumentation): telemetry with an in-memory span exporter first,
// then the real gateway app proxying over HTTP to a service that publishes an event, and a
// consumer of that event. Prints the finished spans as one JSON line.
const { createRequire } = require('node:module');
const platform = require('@pt/platform');
// The tracing SDK is @pt/platform's dependency: resolve it from there.
const fromPlatform = createRequire(require.resolve('@pt/platform/package.json'));
const { InMemorySpanExporter } = fromPlatform('@opentelemetry/sdk-trace-base');
const { trace } = fromPlatform('@opentelemetry/api');

const exporter = new InMemorySpanExporter();
platform.startTelemetry({
  serviceName: 'trace-test',
  spanExporter: exporter,
  instrumentations: ['http', 'express'],
});

const express = require('express');
const { createGatewayApp, proxyTo } = require('@pt/gateway');

async function main() {
  const logger = platform.createLogger({ service: 'trace-test', level: 'silent' });
  const bus = new platform.MemoryEventBus();
  const consumed = new Promise((resolve) => {
    void bus.subscribe('trace.e2e', 'trace-consumer', async () => {
      trace.getTracer('consumer').startActiveSpan('consume trace.e2e', (span) => {
        span.end();
        resolve();
      });
    });
  });
  // The catalog stand-in publishes an event while it handles the request, as services do.
  const service = express();
  service.get('/api/v1/search', async (_req, res) => {
    await bus.publish('trace.e2e', platform.createEnvelope('trace.e2e', 'k', { q: 'lamp' }));
    res.json({ items: [] });
  });
  const serviceServer = await platform.listen(service, 0, '127.0.0.1');
  const target = proxyTo(`http://127.0.0.1:${platform.boundPort(serviceServer)}`);
  const targets = Object.fromEntries(
    ['auth', 'catalog', 'pricing', 'wishlist', 'alert-notifier', 'settings'].map((name) => [name, target]),
  );
  const gateway = createGatewayApp({ logger, targets, readiness: {} });
  const gatewayServer = await platform.listen(gateway, 0, '127.0.0.1');
  // The client is outside the trace: the gateway's server span is the root.
  const res = await new Promise((resolve, reject) => {
    const http = require('node:http');
    const req = http.get(
      {
        host: '127.0.0.1',
        port: platform.boundPort(gatewayServer),
        path: '/api/v1/search?q=lamp',
        agent: false,
      },
      (r) => (r.resume(), r.on('end', () => resolve(r))),
    );
    req.on('error', reject);
  });
  await consumed;
  await platform.closeServer(gatewayServer);
  await platform.closeServer(serviceServer);
  await bus.close();
  const spans = exporter.getFinishedSpans().map((s) => ({
    name: s.name,
    kind: s.kind,
    traceId: s.spanContext().traceId,
    spanId: s.spanContext().spanId,
    parentSpanId: s.parentSpanContext?.spanId ?? s.parentSpanId,
    scope: s.instrumentationScope?.name ?? s.instrumentationLibrary?.name,
  }));
  process.stdout.write(`${JSON.stringify({ status: res.statusCode, spans })}\n`);
  await platform.stopTelemetry();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
