import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import {
  ALWAYS,
  describeAdapter,
  eventually,
  redisAvailability,
  sleep,
  type Availability,
} from '@pt/testing';
import {
  BullMqJobQueue,
  createJobQueue,
  InlineJobQueue,
  type BullMqWorkerHandle,
  type JobContext,
  type JobQueue,
  type Worker,
} from '../../src/jobs';

/** One adapter under the JobQueue contract. */
interface QueueAdapter {
  name: 'inline' | 'bullmq';
  availability: Availability;
  /** A new instance; `sharedBackend` says whether instances see the same jobs (separate processes). */
  make(): JobQueue;
  sharedBackend: boolean;
  /** Kills a worker the way a dying process would; adapters without durable jobs have none. */
  crash?: (worker: Worker) => Promise<void>;
  /** The number of stored schedules of a queue, where the adapter can tell. */
  scheduleCount?: (sut: JobQueue, queue: string) => Promise<number>;
  cleanup(): Promise<void>;
}

const redisUrl = process.env.REDIS_URL ?? '';
const prefix = `test-jobs-${process.pid}-${randomUUID().slice(0, 8)}`;

const adapters: QueueAdapter[] = [
  {
    name: 'inline',
    availability: ALWAYS,
    make: () => new InlineJobQueue(),
    sharedBackend: false,
    cleanup: async () => undefined,
  },
  {
    name: 'bullmq',
    availability: redisAvailability(),
    // Short locks (JOB_STALLED_MS) so a crashed worker's job is reclaimed within 1.5 s, not BullMQ's 30–60 s.
    make: () =>
      createJobQueue({ REDIS_URL: redisUrl, JOB_QUEUE: 'bullmq', JOB_STALLED_MS: 1000 }, { prefix }),
    sharedBackend: true,
    crash: (worker) => (worker as BullMqWorkerHandle).crash(),
    scheduleCount: (sut, queue) => (sut as BullMqJobQueue).queue(queue).getJobSchedulersCount(),
    cleanup: async () => {
      const redis = new Redis(redisUrl);
      try {
        let cursor = '0';
        do {
          const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
          if (keys.length > 0) await redis.del(...keys);
          cursor = next;
        } while (cursor !== '0');
      } finally {
        await redis.quit();
      }
    },
  },
];

function waitUntil(
  condition: () => boolean | Promise<boolean>,
  timeoutMs = 15_000,
  what = 'condition',
): Promise<boolean> {
  return eventually(condition, { timeoutMs, everyMs: 10, what });
}

/** A promise to hold a handler in flight until the test lets it go. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

afterAll(() => Promise.all(adapters.filter((a) => a.availability.available).map((a) => a.cleanup())));

for (const adapter of adapters) {
  describeAdapter('job-queue', adapter.name, adapter.availability, () => {
    let sut: JobQueue;
    let others: JobQueue[];
    let queue: string;
    let n = 0;

    beforeEach(() => {
      sut = adapter.make();
      others = [];
      // A fresh queue per test; the ':' checks the name mapping BullMQ needs.
      queue = `contract:${adapter.name}-${++n}`;
    });

    afterEach(async () => {
      await Promise.all([sut, ...others].map((q) => q.close()));
    });

    it('runs a job with its data', async () => {
      const seen: { data: unknown; ctx: JobContext }[] = [];
      await sut.process(queue, { greet: async (data, ctx) => void seen.push({ data, ctx }) });

      await sut.enqueue(queue, 'greet', { who: 'ada' });

      await waitUntil(() => seen.length === 1, 5000, 'the job to run');
      expect(seen[0].data).toEqual({ who: 'ada' });
      expect(seen[0].ctx).toMatchObject({ name: 'greet', queue, attempt: 1 });
      await waitUntil(async () => (await sut.counts(queue)).completed === 1, 5000, 'completed count');
    });

    it('refuses to start a worker without handlers', async () => {
      await expect(sut.process(queue, {})).rejects.toThrow(/no job handlers/);
    });

    it('retries with exponential back-off, then succeeds', async () => {
      const starts: number[] = [];
      const attempts: number[] = [];
      await sut.process(queue, {
        flaky: async (_data, ctx) => {
          starts.push(Date.now());
          attempts.push(ctx.attempt);
          if (ctx.attempt < 4) throw new Error(`fail ${ctx.attempt}`);
        },
      });

      await sut.enqueue(queue, 'flaky', {}, { attempts: 4, backoffMs: 100 });

      await waitUntil(
        async () => (await sut.counts(queue)).completed === 1,
        5000,
        'the fourth try to succeed',
      );
      expect(attempts).toEqual([1, 2, 3, 4]);
      const gaps = starts.slice(1).map((t, i) => t - starts[i]);
      // 100, 200, 400 ms. Timers may fire a little early and, on a busy machine, any amount late,
      // so the floors are the check: a constant or linear back-off could not meet 180 and 360.
      expect(gaps[0]).toBeGreaterThanOrEqual(90);
      expect(gaps[1]).toBeGreaterThanOrEqual(180);
      expect(gaps[2]).toBeGreaterThanOrEqual(360);
      expect(await sut.failed(queue)).toEqual([]);
    });

    it('keeps a job that always fails in failed() with its error after N attempts', async () => {
      let calls = 0;
      await sut.process(queue, {
        doomed: async (_data, ctx) => {
          calls++;
          throw new Error(`boom on try ${ctx.attempt}`);
        },
      });

      await sut.enqueue(queue, 'doomed', { id: 7 }, { attempts: 3, backoffMs: 20 });

      await waitUntil(async () => (await sut.failed(queue)).length === 1, 5000, 'the job to fail');
      const [failed] = await sut.failed(queue);
      expect(failed).toMatchObject({ name: 'doomed', data: { id: 7 }, error: 'boom on try 3', attempts: 3 });
      expect(calls).toBe(3);
      expect(await sut.counts(queue)).toMatchObject({
        failed: 1,
        completed: 0,
        waiting: 0,
        active: 0,
        delayed: 0,
      });
    });

    it('refuses a job name that has no handler, without retrying it', async () => {
      await sut.process(queue, { known: async () => undefined });

      await sut.enqueue(queue, 'unknown', { x: 1 }, { attempts: 3, backoffMs: 20 });

      await waitUntil(async () => (await sut.failed(queue)).length === 1, 5000, 'the job to be refused');
      const [failed] = await sut.failed(queue);
      expect(failed).toMatchObject({ name: 'unknown', attempts: 1 });
      expect(failed.error).toMatch(/no handler for job "unknown"/);
    });

    it('holds the rate limit across concurrent slots', async () => {
      const starts: number[] = [];
      await sut.process(
        queue,
        { hit: async () => void starts.push(Date.now()) },
        { concurrency: 10, limiter: { max: 2, durationMs: 500 } },
      );

      for (let i = 0; i < 6; i++) await sut.enqueue(queue, 'hit', { i });

      await waitUntil(() => starts.length === 6, 5000, 'six jobs to start');
      starts.sort((a, b) => a - b);
      // At most 2 starts in any 500 ms: the (i+2)-th start is a window after the i-th.
      // BullMQ's limiter works in fixed windows opened by the first start, hence a small tolerance.
      for (let i = 0; i + 2 < starts.length; i++)
        expect(starts[i + 2] - starts[i]).toBeGreaterThanOrEqual(450);
      expect(starts[5] - starts[0]).toBeGreaterThanOrEqual(950);
    });

    it('respects the concurrency of a worker', async () => {
      let running = 0;
      let peak = 0;
      let done = 0;
      await sut.process(
        queue,
        {
          work: async () => {
            peak = Math.max(peak, ++running);
            await sleep(50);
            running--;
            done++;
          },
        },
        { concurrency: 2 },
      );

      for (let i = 0; i < 6; i++) await sut.enqueue(queue, 'work', { i });

      await waitUntil(() => done === 6, 5000, 'six jobs to finish');
      expect(peak).toBe(2);
    });

    it('defers a delayed job', async () => {
      let startedAt = 0;
      await sut.process(queue, { later: async () => void (startedAt = Date.now()) });

      const enqueuedAt = Date.now();
      await sut.enqueue(queue, 'later', {}, { delayMs: 300 });

      await waitUntil(() => startedAt > 0, 5000, 'the delayed job');
      expect(startedAt - enqueuedAt).toBeGreaterThanOrEqual(280);
    });

    it('takes jobs with a higher priority (1 is highest) first', async () => {
      const order: string[] = [];
      await sut.enqueue(queue, 'job', 'low', { priority: 5 });
      await sut.enqueue(queue, 'job', 'high', { priority: 1 });
      await sut.enqueue(queue, 'job', 'middle', { priority: 3 });
      await sut.process(queue, { job: async (data) => void order.push(data as string) });

      await waitUntil(() => order.length === 3, 5000, 'three jobs');
      expect(order).toEqual(['high', 'middle', 'low']);
    });

    it('de-duplicates by jobId while a job is waiting or active, not after it finished', async () => {
      const release = gate();
      const runs: unknown[] = [];
      for (const data of [1, 2, 3]) await sut.enqueue(queue, 'sync', data, { jobId: 'product-42' });
      await sut.process(queue, {
        sync: async (data) => {
          runs.push(data);
          if (runs.length === 1) await release.opened;
        },
      });

      await waitUntil(() => runs.length === 1, 5000, 'the first job to start');
      await sut.enqueue(queue, 'sync', 4, { jobId: 'product-42' }); // while active
      release.open();
      await waitUntil(
        async () => (await sut.counts(queue)).completed === 1,
        5000,
        'the first job to complete',
      );
      await sleep(100);
      expect(runs).toEqual([1]);

      await sut.enqueue(queue, 'sync', 5, { jobId: 'product-42' }); // after it finished
      await waitUntil(() => runs.length === 2, 5000, 'the re-enqueued job');
      expect(runs).toEqual([1, 5]);
    });

    it('fires a repeating schedule repeatedly until it is removed', async () => {
      const fires: number[] = [];
      await sut.process(queue, { tick: async () => void fires.push(Date.now()) });

      await sut.schedule(queue, 'ticker', 200, { name: 'tick', data: { n: 1 } });

      await waitUntil(() => fires.length >= 3, 5000, 'three ticks');
      await sut.removeSchedule(queue, 'ticker');
      const afterRemoval = fires.length;
      await sleep(500);
      // A tick already started may still land; a running schedule would add two or three more.
      expect(fires.length).toBeLessThanOrEqual(afterRemoval + 1);
    });

    it('leaves one schedule when several callers create it at once', async () => {
      const peers = adapter.sharedBackend ? [sut, adapter.make(), adapter.make()] : [sut, sut, sut];
      others.push(...peers.filter((p) => p !== sut));
      const fires: number[] = [];
      await sut.process(queue, { tick: async () => void fires.push(Date.now()) });

      await Promise.all(peers.map((peer) => peer.schedule(queue, 'one', 200, { name: 'tick', data: {} })));

      await sleep(1100);
      if (adapter.scheduleCount) expect(await adapter.scheduleCount(sut, queue)).toBe(1);
      await sut.removeSchedule(queue, 'one');
      // One schedule every 200 ms gives about 5-6 fires in 1.1 s; three would give 15 or more.
      expect(fires.length).toBeGreaterThanOrEqual(3);
      expect(fires.length).toBeLessThanOrEqual(8);
    });

    it('lets an in-flight job finish on worker close() and starts no new one', async () => {
      const release = gate();
      const started: number[] = [];
      const finished: number[] = [];
      const worker = await sut.process(queue, {
        slow: async (i) => {
          started.push(i as number);
          await release.opened;
          finished.push(i as number);
        },
      });
      await sut.enqueue(queue, 'slow', 1);
      await sut.enqueue(queue, 'slow', 2);
      await waitUntil(() => started.length === 1, 5000, 'the first job to start');

      let closed = false;
      const closing = worker.close().then(() => (closed = true));
      await sleep(100);
      expect(closed).toBe(false);
      release.open();
      await closing;

      expect(finished).toEqual([1]);
      expect(started).toEqual([1]);
      expect(await sut.counts(queue)).toMatchObject({ completed: 1, active: 0 });
    });

    it('lets in-flight jobs finish when the whole queue closes', async () => {
      const release = gate();
      const finished: number[] = [];
      await sut.process(queue, {
        slow: async (i) => {
          await release.opened;
          finished.push(i as number);
        },
      });
      await sut.enqueue(queue, 'slow', 1);
      await waitUntil(async () => (await sut.counts(queue)).active === 1, 5000, 'the job to be active');

      const closing = sut.close();
      setTimeout(release.open, 100);
      await closing;

      expect(finished).toEqual([1]);
    });

    if (adapter.crash) {
      const crash = adapter.crash;
      it('hands the job of a crashed worker to another worker', async () => {
        const stuck = gate();
        const runs: string[] = [];
        const first = await sut.process(queue, {
          job: async () => {
            runs.push('first');
            await stuck.opened; // never finishes by itself: the "process" dies mid-job
          },
        });
        await sut.enqueue(queue, 'job', { n: 1 }, { attempts: 1 });
        await waitUntil(() => runs.length === 1, 5000, 'the first worker to take the job');

        await crash(first);
        const peer = adapter.make();
        others.push(peer);
        await peer.process(queue, { job: async () => void runs.push('second') });

        await waitUntil(() => runs.includes('second'), 10000, 'another worker to complete the job');
        await waitUntil(
          async () => (await peer.counts(queue)).completed === 1,
          5000,
          'the job to be completed',
        );
        expect(await peer.failed(queue)).toEqual([]);
        stuck.open();
      });
    }
  });
}

describeAdapter('job-queue', 'bullmq (Redis lost its data)', redisAvailability(), () => {
  it('registers its schedules again when the connection comes back to an emptied Redis', async () => {
    const sut = new BullMqJobQueue({ url: redisUrl, prefix });
    const admin = new Redis(redisUrl);
    const queue = `contract:reset-${randomUUID().slice(0, 8)}`;
    try {
      const fires: number[] = [];
      await sut.process(queue, { tick: async () => void fires.push(Date.now()) });
      await sut.schedule(queue, 'ticker', 200, { name: 'tick', data: {} });
      await waitUntil(() => fires.length >= 2, 5000, 'the schedule to fire');

      // Redis restarted empty: every key of the queue is gone, and the connection drops.
      await adapters[1].cleanup();
      expect(await sut.queue(queue).getJobSchedulersCount()).toBe(0);
      const connection = (await sut.queue(queue).client) as unknown as Redis;
      const id = await connection.client('ID');
      await admin.client('KILL', 'ID', String(id));

      await waitUntil(
        async () => (await sut.queue(queue).getJobSchedulersCount()) === 1,
        10_000,
        'the schedule to be registered again',
      );
      const before = fires.length;
      await waitUntil(() => fires.length >= before + 2, 5000, 'the schedule to fire again');
    } finally {
      await sut.close();
      await admin.quit();
    }
  });
});

describe(createJobQueue.name, () => {
  it('picks the inline queue without REDIS_URL', async () => {
    const sut = createJobQueue({});
    expect(sut.kind).toBe('inline');
    await sut.close();
  });

  it('picks the inline queue when JOB_QUEUE=inline, even with REDIS_URL', async () => {
    const sut = createJobQueue({ REDIS_URL: 'redis://127.0.0.1:1', JOB_QUEUE: 'inline' });
    expect(sut.kind).toBe('inline');
    await sut.close();
  });

  it('refuses JOB_QUEUE=bullmq without REDIS_URL', () => {
    expect(() => createJobQueue({ JOB_QUEUE: 'bullmq' })).toThrow(/REDIS_URL/);
  });

  const withRedis = redisUrl ? it : it.skip;
  withRedis('picks BullMQ with REDIS_URL, runs a job with its defaults and exposes its queues', async () => {
    const sut = createJobQueue({ REDIS_URL: redisUrl }, { prefix });
    try {
      expect(sut.kind).toBe('bullmq');
      await sut.ping();
      const done: unknown[] = [];
      await sut.process('factory', { job: async (data) => void done.push(data) });
      await sut.enqueue('factory', 'job', 'ok');
      await waitUntil(() => done.length === 1, 5000, 'the job');
      expect((sut as BullMqJobQueue).bullQueues().map((q) => q.name)).toEqual(['factory']);
    } finally {
      await sut.close();
    }
  });
});
