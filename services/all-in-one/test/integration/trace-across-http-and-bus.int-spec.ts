// One trace from a request at the gateway, over HTTP to a service, through the
// event bus to a consumer — proved with an in-memory span exporter. The processes' telemetry
// (libs/platform startTelemetry) runs in a plain Node process (support/trace-across-process.cjs):
// jest's module registry would keep the http instrumentation from patching `http`.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

interface SpanRecord {
  name: string;
  kind: number;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  scope: string;
}

const SERVER = 1;
const CLIENT = 2;
const ROOT = path.resolve(__dirname, '..', '..', '..', '..');

describe('traces across HTTP and the event bus', () => {
  it('a gateway request, the proxied service request and the event consumer share one trace', async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [path.join(__dirname, 'support', 'trace-across-process.cjs')],
      { cwd: ROOT, timeout: 120_000 },
    );
    const { status, spans } = JSON.parse(stdout.trim().split('\n').pop()!) as {
      status: number;
      spans: SpanRecord[];
    };
    expect(status).toBe(200);
    const consumer = spans.find((s) => s.name === 'consume trace.e2e');
    expect(consumer).toBeDefined();
    expect(new Set(spans.map((s) => s.traceId))).toEqual(new Set([consumer!.traceId]));

    // Walk from the consumer up to the root: service handler → service server span → the
    // gateway's proxy client span → the gateway's server span → the client.
    const byId = new Map(spans.map((s) => [s.spanId, s]));
    const chain: SpanRecord[] = [];
    for (
      let s: SpanRecord | undefined = consumer;
      s;
      s = s.parentSpanId ? byId.get(s.parentSpanId) : undefined
    )
      chain.push(s);
    const kinds = chain.filter((s) => s.kind === SERVER || s.kind === CLIENT).map((s) => s.kind);
    expect(kinds).toEqual([SERVER, CLIENT, SERVER, CLIENT]);
    expect(chain[chain.length - 1]!.parentSpanId).toBeUndefined();
    expect(chain.find((s) => s.kind === SERVER)!.name).toBe('GET /api/v1/search');
  });
});
