import type http from 'node:http';
import { boundPort, closeServer, createLogger, listen } from '@pt/platform';
import { eventually } from '@pt/testing';
import { GatewayEdge, createGatewayApp, type GatewayPolicyEnv, type ServiceName } from '../../src';
import { openEventStream, type SseClient } from '../support/sse-client';

/**
 * `/api/v1/events` streams are capped per client and per process, and idle ones
 * end with a retry hint. The gateway alone (no bus: the feed is fed by hand), on a real socket.
 * The test client connects over loopback, which the gateway trusts to name the client in
 * X-Forwarded-For, so each `from(...)` is a different client address.
 */
describe('event stream limits', () => {
  let server: http.Server | undefined;
  let edge: GatewayEdge | undefined;
  let url = '';
  const streams: SseClient[] = [];

  async function start(config: Partial<GatewayPolicyEnv>): Promise<void> {
    const logger = createLogger({ service: 'gateway-test', level: 'silent' });
    edge = await GatewayEdge.start({ logger, config });
    const app = createGatewayApp({
      logger,
      edge,
      targets: {} as Record<ServiceName, never>,
    });
    server = await listen(app, 0, '127.0.0.1');
    url = `http://127.0.0.1:${boundPort(server)}/api/v1/events`;
  }
  afterEach(async () => {
    for (const s of streams.splice(0)) s.close();
    await edge?.close();
    if (server) await closeServer(server);
    server = undefined;
    edge = undefined;
  });

  const from = (ip: string) => ({ 'x-forwarded-for': ip });
  const open = async (ip: string) => {
    const s = await openEventStream(url, from(ip));
    streams.push(s);
    return s;
  };
  const refused = async (ip: string) => {
    const res = await fetch(url, { headers: { accept: 'text/event-stream', ...from(ip) } });
    return { status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.json() };
  };

  it('refuses a client beyond its cap with 429, Retry-After and the error body; other clients still connect', async () => {
    await start({ SSE_STREAMS_PER_CLIENT: 3 });
    for (let i = 0; i < 3; i += 1) expect((await open('203.0.113.7')).status).toBe(200);
    const over = await refused('203.0.113.7');
    expect(over.status).toBe(429);
    expect(Number(over.retryAfter)).toBeGreaterThanOrEqual(1);
    expect(over.body).toEqual({ error: { code: 'too_many_streams', message: expect.any(String) } });
    // Another address is another client.
    expect((await open('198.51.100.4')).status).toBe(200);
    expect(edge?.streams.heldBy('ip:203.0.113.7')).toBe(3);
  });

  it('100 streams from one address: only the default cap is held open', async () => {
    await start({});
    const statuses: number[] = [];
    for (let i = 0; i < 100; i += 1) {
      const s = await openEventStream(url, from('203.0.113.50'));
      streams.push(s);
      statuses.push(s.status);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(90);
    expect(edge?.streams.size).toBe(10);
  });

  it('frees a client’s slots when its streams disconnect', async () => {
    await start({ SSE_STREAMS_PER_CLIENT: 2 });
    const first = [await open('203.0.113.8'), await open('203.0.113.8')];
    expect((await refused('203.0.113.8')).status).toBe(429);
    for (const s of first) s.close();
    await eventually(() => edge?.streams.heldBy('ip:203.0.113.8') === 0, { what: 'the slots to be freed' });
    expect((await open('203.0.113.8')).status).toBe(200);
    expect((await open('203.0.113.8')).status).toBe(200);
  });

  it('caps the streams of the whole process', async () => {
    await start({ SSE_STREAMS_MAX: 2 });
    expect((await open('203.0.113.1')).status).toBe(200);
    expect((await open('203.0.113.2')).status).toBe(200);
    const over = await refused('203.0.113.3');
    expect(over.status).toBe(429);
    expect(over.body.error.code).toBe('too_many_streams');
  });

  it('ends an idle stream with a retry hint, frees its slot, and the reconnect resumes from Last-Event-ID', async () => {
    await start({ SSE_IDLE_MS: 500, SSE_STREAMS_PER_CLIENT: 1 });
    const s = await open('203.0.113.9');
    const ready = await eventually(() => s.events.find((e) => e.event === 'ready'), { what: 'ready' });
    await s.ended;
    expect(s.text.endsWith('retry: 3000\n\n')).toBe(true);
    await eventually(() => edge?.streams.size === 0, { what: 'the slot to be freed' });
    // What an EventSource does next: reconnect with the last id it saw; a change made meanwhile arrives.
    edge?.feed.apply({ key: 'beta_landing_enabled', value: true, isPublic: true, revision: 7 });
    const again = await openEventStream(url, { ...from('203.0.113.9'), 'last-event-id': ready.id ?? '' });
    streams.push(again);
    expect(again.status).toBe(200);
    const change = await eventually(() => again.events.find((e) => e.event === 'settings.changed'), {
      what: 'the missed change',
    });
    expect(ready.id).toBe('0');
    expect(change.id).toBe('7');
  });

  // A stream never ends by itself, so one open (or opened) during a stop would
  // hold the server's drain to its deadline.
  it('a stopping gateway ends its streams and opens no new one (503 + Retry-After); its drain ends at once', async () => {
    await start({});
    const s = await open('203.0.113.10');
    await eventually(() => s.events.find((e) => e.event === 'ready'), { what: 'ready' });
    edge!.endStreams();
    await s.ended;
    const late = await refused('203.0.113.10');
    expect(late.status).toBe(503);
    expect(Number(late.retryAfter)).toBeGreaterThanOrEqual(1);
    expect(late.body).toEqual({ error: { code: 'service_unavailable', message: expect.any(String) } });
    const stopAt = Date.now();
    await closeServer(server!, 10_000);
    expect(Date.now() - stopAt).toBeLessThan(5_000);
    server = undefined;
  });
});
