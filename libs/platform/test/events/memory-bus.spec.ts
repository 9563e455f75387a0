import type { EventEnvelope } from '@pt/contracts';
import { createEnvelope, MemoryEventBus } from '@pt/platform';
import { deferred, waitFor } from './helpers';

describe(MemoryEventBus.name, () => {
  let sut: MemoryEventBus;

  beforeEach(() => {
    sut = new MemoryEventBus();
  });

  afterEach(async () => {
    await sut.close();
  });

  it('handles other keys while one key waits, and holds that key back', async () => {
    const release = deferred();
    const handled: string[] = [];
    await sut.subscribe('topic', 'group', async (envelope) => {
      if ((envelope.payload as { slow?: boolean }).slow) await release.promise;
      handled.push(`${envelope.key}:${(envelope.payload as { n: number }).n}`);
    });
    await sut.publish('topic', [
      createEnvelope('t', 'a', { n: 1, slow: true }),
      createEnvelope('t', 'a', { n: 2 }),
      createEnvelope('t', 'b', { n: 1 }),
    ]);
    await waitFor(() => handled.includes('b:1'), 'key b to be handled');
    expect(handled).toEqual(['b:1']);
    release.resolve();
    await waitFor(() => handled.length === 3, 'key a to catch up');
    expect(handled).toEqual(['b:1', 'a:1', 'a:2']);
  });

  it('counts what its consumers have not handled yet, for a graceful stop to wait on', async () => {
    const release = deferred();
    await sut.subscribe('topic', 'group', async () => release.promise);
    const unattended = await sut.subscribe('other', 'gone', async () => undefined);
    await unattended.close();
    await sut.publish('topic', [createEnvelope('t', 'a', { n: 1 }), createEnvelope('t', 'b', { n: 2 })]);
    await sut.publish('other', createEnvelope('t', 'c', {}));
    // The message of a group without consumers waits for the next subscriber, not for this stop.
    expect(sut.broker.pending()).toBe(2);
    release.resolve();
    await waitFor(() => sut.broker.pending() === 0, 'both handled');
  });

  it('gives handlers their own copy of the event', async () => {
    const copies: EventEnvelope[] = [];
    const handler = async (envelope: EventEnvelope) => {
      copies.push(envelope);
      (envelope.payload as { n: number }).n++;
    };
    await sut.subscribe('topic', 'g1', handler);
    await sut.subscribe('topic', 'g2', handler);
    const original = createEnvelope('t', 'k', { n: 1 });
    await sut.publish('topic', original);
    await waitFor(() => copies.length === 2, 'both groups');
    expect(copies.map((c) => c.payload)).toEqual([{ n: 2 }, { n: 2 }]);
    expect(original.payload).toEqual({ n: 1 });
  });

  it('refuses an envelope that breaks the contract', async () => {
    await expect(
      sut.publish('topic', { ...createEnvelope('t', 'k', {}), id: 'not-a-uuid' }),
    ).rejects.toThrow();
  });

  it('refuses to publish once closed', async () => {
    await sut.close();
    await expect(sut.publish('topic', createEnvelope('t', 'k', {}))).rejects.toThrow('closed');
    await expect(sut.ping()).rejects.toThrow('closed');
  });
});
