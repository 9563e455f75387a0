import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { trace } from '@opentelemetry/api';
import {
  addToOutbox,
  BullMqJobQueue,
  createEnvelope,
  createLogger,
  currentTraceId,
  ensureOutboxTables,
  InlineJobQueue,
  MemoryEventBus,
  OutboxRelay,
  PGliteDatabase,
  startTelemetry,
  stopTelemetry,
  type JobQueue,
} from '@pt/platform';
import { redisAvailability } from '@pt/testing';

/** Runs fn inside a fresh span and returns that span's trace id. */
async function inSpan(fn: () => Promise<void>): Promise<string> {
  return trace.getTracer('test').startActiveSpan('request', async (span) => {
    try {
      await fn();
      const { traceId } = span.spanContext();
      expect(traceId).toMatch(/^(?!0+$)[0-9a-f]{32}$/);
      return traceId;
    } finally {
      span.end();
    }
  });
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

// Trace context is carried in event headers and job data, so a consumer's or worker's
// spans and logs join the trace of the request that caused them.
describe('trace propagation', () => {
  beforeAll(() => startTelemetry({ serviceName: 'trace-test' }));
  afterAll(() => stopTelemetry());

  it('stamps log lines written inside a span with its trace id', async () => {
    const lines: string[] = [];
    const destination = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const logger = createLogger({ service: 'trace-test', destination });
    const traceId = await inSpan(async () => logger.info('inside'));
    expect(JSON.parse(lines[0] ?? '{}')).toMatchObject({ traceId, msg: 'inside' });
  });

  it('gives a consumer the trace of the publisher (event envelope)', async () => {
    const bus = new MemoryEventBus();
    const seen = deferred<string | undefined>();
    await bus.subscribe('trace.topic', 'g', async () => seen.resolve(currentTraceId()));
    const traceId = await inSpan(() => bus.publish('trace.topic', createEnvelope('trace.topic', 'k', {})));
    expect(await seen.promise).toBe(traceId);
    await bus.close();
  });

  it('keeps the producer trace through the transactional outbox', async () => {
    const db = await PGliteDatabase.open();
    const bus = new MemoryEventBus();
    await ensureOutboxTables(db, 'trace_svc');
    const seen = deferred<string | undefined>();
    await bus.subscribe('trace.outbox', 'g', async () => seen.resolve(currentTraceId()));
    const envelope = { ...createEnvelope('trace.outbox', 'k', {}), traceparent: undefined };
    const traceId = await inSpan(() =>
      db.transaction((tx) => addToOutbox(tx, 'trace_svc', 'trace.outbox', envelope)),
    );
    // The relay runs outside any request, as it does in a service.
    await new OutboxRelay(db, 'trace_svc', bus).relayOnce();
    expect(await seen.promise).toBe(traceId);
    await bus.close();
    await db.close();
  });

  const queues: [string, () => JobQueue, boolean][] = [
    ['inline', () => new InlineJobQueue(), true],
    [
      'bullmq',
      () => new BullMqJobQueue({ url: process.env.REDIS_URL ?? '', prefix: `trace-${randomUUID()}` }),
      redisAvailability().available,
    ],
  ];
  it.each(queues)(
    'gives a %s job handler the trace of the enqueuer (job data)',
    async (_name, factory, available) => {
      if (!available) {
        // Reported by the BullMQ contract suite's skip line; nothing to check without Redis.
        expect(redisAvailability().available).toBe(false);
        return;
      }
      const queue = factory();
      const seen = deferred<string | undefined>();
      await queue.process('trace', { probe: async () => seen.resolve(currentTraceId()) });
      const traceId = await inSpan(() => queue.enqueue('trace', 'probe', { n: 1 }));
      expect(await seen.promise).toBe(traceId);
      await queue.close();
    },
  );
});
