import type { EventBus } from '@pt/platform';
import { RequestLogRecorder } from '../../src/request-logs/request-log-recorder';

const entry = (i: number) => ({
  route: '/api/v1/products/{id}',
  method: 'GET',
  statusCode: 200,
  responseTimeMs: i,
  service: 'catalog',
  createdAt: new Date(0).toISOString(),
});

function busThat(publish: EventBus['publish']): EventBus {
  return {
    kind: 'memory',
    publish,
    subscribe: () => Promise.reject(new Error('unused')),
    ping: () => Promise.resolve(),
    close: () => Promise.resolve(),
  };
}

describe(RequestLogRecorder.name, () => {
  it('a stuck bus/database fills the buffer and then drops rows, counted in the next batch', async () => {
    let release: () => void = () => undefined;
    const published: unknown[] = [];
    // The first publish hangs until released (a slow bus or database); later ones succeed.
    const bus = busThat((_topic, envelopes) => {
      published.push(envelopes);
      return published.length === 1 ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve();
    });
    const sut = new RequestLogRecorder({
      bus,
      logger: { warn: () => undefined },
      flushMs: 60_000,
      bufferMax: 3,
    });
    sut.add(entry(1));
    const sending = sut.flush(); // stuck until released
    for (let i = 2; i <= 6; i++) sut.add(entry(i)); // 3 buffered, 2 dropped; add() never waits
    expect(sut.pending).toBe(3);
    release();
    await sending;
    await sut.close();
    const second = published[1] as { payload: { entries: unknown[]; dropped: number } };
    expect(second.payload.entries).toHaveLength(3);
    expect(second.payload.dropped).toBe(2);
  });

  it('a failed publish drops that batch (logged) and the next batch goes out', async () => {
    const warnings: unknown[] = [];
    let fail = true;
    const ok: unknown[] = [];
    const bus = busThat(async (_topic, envelopes) => {
      if (fail) throw new Error('bus down');
      ok.push(envelopes);
    });
    const sut = new RequestLogRecorder({
      bus,
      logger: { warn: (o: unknown) => warnings.push(o) },
      flushMs: 60_000,
      bufferMax: 10,
    });
    sut.add(entry(1));
    await sut.flush();
    expect(warnings).toHaveLength(1);
    fail = false;
    sut.add(entry(2));
    await sut.close();
    expect(ok).toHaveLength(1);
    expect(sut.pending).toBe(0);
  });
});
