import { ClientSlots } from '../src/http/client-slots';

describe('ClientSlots: calls in flight per client', () => {
  it('lets two calls of a client run, queues the third until one ends, and leaves other clients alone', async () => {
    const sut = new ClientSlots(2, 60_000);
    const first = await sut.acquire('ip:a');
    const second = await sut.acquire('ip:a');
    let thirdGranted = false;
    const third = sut.acquire('ip:a').then((release) => ((thirdGranted = true), release));
    expect(await sut.acquire('ip:b')).toEqual(expect.any(Function));
    await Promise.resolve();
    expect(thirdGranted).toBe(false);
    expect(sut.busy('ip:a')).toBe(2);
    if (first) first();
    const release = await third;
    expect(thirdGranted).toBe(true);
    // The slot was handed over: still two in flight, never three.
    expect(sut.busy('ip:a')).toBe(2);
    if (release) release();
    if (second) second();
    expect(sut.busy('ip:a')).toBe(0);
  });

  it('refuses a call that waited too long, and a late release does not free a slot twice', async () => {
    const sut = new ClientSlots(1, 20);
    const only = await sut.acquire('ip:a');
    expect(await sut.acquire('ip:a')).toBe(false);
    if (only) {
      only();
      only();
    }
    expect(sut.busy('ip:a')).toBe(0);
    expect(await sut.acquire('ip:a')).toEqual(expect.any(Function));
  });
});
