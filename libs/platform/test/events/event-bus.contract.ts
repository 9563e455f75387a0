import { deadLetterTopic, type DeadLetter, type EventEnvelope } from '@pt/contracts';
import {
  createEnvelope,
  DEAD_LETTER_EVENT_TYPE,
  PoisonMessageError,
  type CrashableSubscription,
  type EventBus,
  type EventHandler,
  type SubscribeOptions,
} from '@pt/platform';
import { describeAdapter, type Availability } from '@pt/testing';
import { deferred, sleep, uniqueName, waitFor } from './helpers';

/** Every adapter's subscriptions can crash (the contract's "process died" hook). */
export type TestBus = Omit<EventBus, 'subscribe'> & {
  subscribe(
    topic: string,
    group: string,
    handler: EventHandler,
    options?: SubscribeOptions,
  ): Promise<CrashableSubscription>;
};

export interface AdapterCase {
  adapter: string;
  availability: Availability;
  /** A bus as one process would hold it; several buses of one case share the broker. */
  create(): TestBus;
  /** Removes what the run left on the broker. */
  cleanup?(): Promise<void>;
  /** How long delivery may take (Kafka group joins are slow). */
  timeoutMs: number;
  /** Whether the broker counts deliveries, so attempts survive a crash (Kafka does not). */
  countsDeliveries: boolean;
  /**
   * Contract cases this adapter (or the broker it runs on here) cannot pass, by title, with the
   * exact reason. They register as skipped with the reason in their title: counted as skipped in
   * the summary, never as passed.
   */
  cannotRun?: Record<string, string>;
}

interface Seen {
  envelope: EventEnvelope;
  attempt: number;
  consumer: string;
}

/** Registers the event-bus contract suite for one adapter. */
export function eventBusContract(testCase: AdapterCase): void {
  describeAdapter('event-bus', testCase.adapter, testCase.availability, () => {
    const it = (title: string, fn: () => Promise<void>): void => {
      const reason = testCase.cannotRun?.[title];
      if (reason === undefined) globalThis.it(title, fn);
      else globalThis.it.skip(`${title} — cannot run on ${testCase.adapter}: ${reason}`, fn);
    };

    const buses: TestBus[] = [];
    const open = (): TestBus => {
      const bus = testCase.create();
      buses.push(bus);
      return bus;
    };
    const until = (condition: () => boolean, what: string) => waitFor(condition, what, testCase.timeoutMs);
    let topic: string;

    beforeEach(() => {
      topic = uniqueName('contract');
    });

    afterEach(async () => {
      await Promise.all(buses.splice(0).map((bus) => bus.close()));
    });

    afterAll(async () => {
      await testCase.cleanup?.();
    }, 30_000);

    /** A handler that records what it got under a consumer's name. */
    const recorder =
      (seen: Seen[], consumer: string): EventHandler =>
      async (envelope, ctx) => {
        seen.push({ envelope, attempt: ctx.attempt, consumer });
      };

    const event = (key: string, payload: Record<string, unknown>) =>
      createEnvelope('test.event', key, payload);

    /**
     * Publishes rounds of 16 messages (keys key-0..key-15, payload `warmUp`), each waited for in
     * full, until one round reached every consumer: from then on each is a member of the group with
     * its share of the partitions. A positive signal where a fixed wait would guess: Kafka seats a
     * group's members over seconds, and rebalances again when one fails to sync and rejoins. Until
     * then a message may be redelivered (Kafka is at-least-once across a rebalance), so callers count
     * exactly-once only on what they publish afterwards.
     */
    const untilEachConsumerHandlesARound = async (
      bus: TestBus,
      seen: Seen[],
      consumers: string[],
    ): Promise<void> => {
      const deadline = Date.now() + testCase.timeoutMs;
      for (let n = 0; ; n++) {
        const round = Array.from({ length: 16 }, (_, i) => event(`key-${i}`, { warmUp: n, i }));
        await bus.publish(topic, round);
        const ids = new Set(round.map((e) => e.id));
        await until(
          () => new Set(seen.filter((s) => ids.has(s.envelope.id)).map((s) => s.envelope.id)).size === 16,
          `warm-up round ${n} to be handled`,
        );
        const reached = new Set(seen.filter((s) => ids.has(s.envelope.id)).map((s) => s.consumer));
        if (consumers.every((c) => reached.has(c))) return;
        if (Date.now() > deadline)
          throw new Error(`after ${n + 1} warm-up rounds, none reached all of ${consumers.join(', ')}`);
      }
    };

    it('answers ping', async () => {
      await expect(open().ping()).resolves.toBeUndefined();
    });

    it('delivers every message to every group', async () => {
      const bus = open();
      const a: Seen[] = [];
      const b: Seen[] = [];
      await bus.subscribe(topic, 'group-a', recorder(a, 'a'));
      await bus.subscribe(topic, 'group-b', recorder(b, 'b'));
      const events = Array.from({ length: 20 }, (_, i) => event(`key-${i % 5}`, { i }));
      await bus.publish(topic, events);
      await until(() => a.length >= 20 && b.length >= 20, 'both groups to get 20 messages');
      for (const seen of [a, b])
        expect(new Set(seen.map((s) => s.envelope.id))).toEqual(new Set(events.map((e) => e.id)));
    });

    it('hands each message to one consumer of a group', async () => {
      const bus = open();
      const seen: Seen[] = [];
      // Together, so a broker that gathers a new group's members (Kafka) seats all in one join.
      await Promise.all(
        ['c1', 'c2', 'c3'].map((name) => bus.subscribe(topic, 'group', recorder(seen, name))),
      );
      const events = Array.from({ length: 30 }, (_, i) => event(`key-${i % 6}`, { i }));
      await bus.publish(topic, events);
      await until(() => seen.length >= 30, '30 deliveries');
      await sleep(200); // room for a duplicate to show up
      expect(seen).toHaveLength(30);
      expect(new Set(seen.map((s) => s.envelope.id)).size).toBe(30);
      expect(seen[0].envelope).toEqual(events.find((e) => e.id === seen[0].envelope.id));
    });

    it("spreads a group's messages over its consumers, each handled once", async () => {
      const bus = open();
      const seen: Seen[] = [];
      // Subscribed together, so a broker that gathers a new group's members (Kafka) seats both in
      // its first join instead of rebalancing for the second.
      await Promise.all([
        open().subscribe(topic, 'group', recorder(seen, 'c1')),
        open().subscribe(topic, 'group', recorder(seen, 'c2')),
      ]);
      await untilEachConsumerHandlesARound(bus, seen, ['c1', 'c2']);
      const events = Array.from({ length: 48 }, (_, i) => event(`key-${i % 16}`, { i }));
      const ids = new Set(events.map((e) => e.id));
      const counted = () => seen.filter((s) => ids.has(s.envelope.id));
      await bus.publish(topic, events);
      await until(() => counted().length >= 48, '48 deliveries');
      await sleep(100); // room for a duplicate to show up
      expect(counted()).toHaveLength(48);
      expect(new Set(counted().map((s) => s.envelope.id)).size).toBe(48);
      expect(new Set(counted().map((s) => s.consumer))).toEqual(new Set(['c1', 'c2']));
    });

    it('keeps per-key order under concurrent publishers', async () => {
      const bus = open();
      const keys = ['k-a', 'k-b', 'k-c', 'k-d', 'k-e'];
      const publishers = 4;
      const perKey = 20;
      const order = new Map<string, { publisher: number; seq: number }[]>(keys.map((k) => [k, []]));
      const inFlight = new Map<string, number>();
      let overlaps = 0;
      const warmUp: Seen[] = [];
      const handler: EventHandler = async (envelope) => {
        const running = (inFlight.get(envelope.key) ?? 0) + 1;
        inFlight.set(envelope.key, running);
        if (running > 1) overlaps++;
        // A little real async work, so a bus that ran one key's messages in parallel would interleave.
        await sleep(Math.random() < 0.2 ? 2 : 0);
        order.get(envelope.key)?.push(envelope.payload as { publisher: number; seq: number });
        inFlight.set(envelope.key, (inFlight.get(envelope.key) ?? 1) - 1);
      };
      // Warm-up messages tell which consumer got them; the rest go to the order check.
      const consumer =
        (name: string): EventHandler =>
        async (envelope, ctx) => {
          if ('warmUp' in (envelope.payload as object))
            warmUp.push({ envelope, attempt: ctx.attempt, consumer: name });
          else await handler(envelope, ctx);
        };
      await Promise.all([
        bus.subscribe(topic, 'group', consumer('c1')),
        bus.subscribe(topic, 'group', consumer('c2')),
      ]);
      // Both seated before the counted messages, so no rebalance replays any of them.
      await untilEachConsumerHandlesARound(bus, warmUp, ['c1', 'c2']);
      // Each publisher is its own bus (its own connection), all publishing at once, interleaving keys.
      const publisherBuses = Array.from({ length: publishers }, () => open());
      await Promise.all(
        publisherBuses.map(async (publisherBus, publisher) => {
          for (let seq = 0; seq < perKey; seq++) {
            for (const key of keys) await publisherBus.publish(topic, event(key, { publisher, seq }));
          }
        }),
      );
      const total = keys.length * publishers * perKey;
      await until(
        () => [...order.values()].reduce((n, list) => n + list.length, 0) >= total,
        `${total} deliveries`,
      );
      expect(overlaps).toBe(0);
      for (const key of keys) {
        for (let publisher = 0; publisher < publishers; publisher++) {
          const seqs = order
            .get(key)
            ?.filter((m) => m.publisher === publisher)
            .map((m) => m.seq);
          expect(seqs).toEqual(Array.from({ length: perKey }, (_, i) => i));
        }
      }
    });

    it('redelivers to another consumer of the group when a consumer crashes mid-message', async () => {
      const bus = open();
      const started = deferred();
      const stuck: Seen[] = [];
      const first = await bus.subscribe(topic, 'group', async (envelope, ctx) => {
        stuck.push({ envelope, attempt: ctx.attempt, consumer: 'first' });
        started.resolve();
        await new Promise(() => undefined); // never acknowledges
      });
      const crashing = event('key-1', { n: 1 });
      await bus.publish(topic, crashing);
      await started.promise;
      await first.crash();

      // The "restarted process": a new bus (new connections) with a consumer of the same group.
      const seen: Seen[] = [];
      await open().subscribe(topic, 'group', recorder(seen, 'second'));
      await until(
        () => seen.some((s) => s.envelope.id === crashing.id),
        'the crashed message to be redelivered',
      );
      expect(seen[0]).toMatchObject({ envelope: { id: crashing.id }, consumer: 'second' });
      if (testCase.countsDeliveries) expect(seen[0].attempt).toBe(2);

      const next = event('key-1', { n: 2 });
      await bus.publish(topic, next);
      await until(() => seen.some((s) => s.envelope.id === next.id), 'the next message');
      expect(stuck).toHaveLength(1);
    });

    it('after a crash, hands over the crashed message and those behind it in their order', async () => {
      const bus = open();
      const started = deferred();
      await bus.publish(topic, [event('key-1', { n: 0 })]); // handled before the crash
      const first = await bus.subscribe(topic, 'group', async (envelope) => {
        if ((envelope.payload as { n: number }).n === 1) {
          started.resolve();
          await new Promise(() => undefined);
        }
      });
      const events = [1, 2, 3, 4].map((n) => event('key-1', { n }));
      await bus.publish(topic, events);
      await started.promise;
      await first.crash();
      const seen: Seen[] = [];
      await open().subscribe(topic, 'group', recorder(seen, 'second'));
      const more = event('key-1', { n: 5 });
      await bus.publish(topic, more);
      await until(() => seen.length >= 5, 'five messages after the crash');
      expect(seen.map((s) => (s.envelope.payload as { n: number }).n)).toEqual([1, 2, 3, 4, 5]);
    });

    it('dead-letters a message whose consumers keep dying on it', async () => {
      const bus = open();
      const dead: EventEnvelope<DeadLetter>[] = [];
      await bus.subscribe(deadLetterTopic(topic), 'dlq-reader', async (envelope) => {
        dead.push(envelope as EventEnvelope<DeadLetter>);
      });
      const killer = event('key-1', { kills: true });
      await bus.publish(topic, killer);
      for (let attempt = 1; attempt <= 2; attempt++) {
        const started = deferred();
        const doomed = await open().subscribe(
          topic,
          'group',
          async () => {
            started.resolve();
            await new Promise(() => undefined);
          },
          { maxAttempts: 2 },
        );
        await started.promise;
        await doomed.crash();
      }
      const seen: Seen[] = [];
      await open().subscribe(topic, 'group', recorder(seen, 'third'), { maxAttempts: 2 });
      await until(() => dead.length >= 1, 'the dead letter');
      expect(dead[0].payload).toMatchObject({ attempts: 2, envelope: { id: killer.id } });
      expect(seen).toHaveLength(0);
    });

    it('sends a poison message to the DLQ with its error, and the next message still flows', async () => {
      const bus = open();
      const dead: EventEnvelope<DeadLetter>[] = [];
      await bus.subscribe(deadLetterTopic(topic), 'dlq-reader', async (envelope) => {
        dead.push(envelope as EventEnvelope<DeadLetter>);
      });
      let poisonCalls = 0;
      const handled: string[] = [];
      await bus.subscribe(topic, 'group', async (envelope) => {
        if ((envelope.payload as { poison?: boolean }).poison) {
          poisonCalls++;
          throw new PoisonMessageError('payload fails its schema');
        }
        handled.push(envelope.id);
      });
      const poison = event('key-1', { poison: true });
      const after = event('key-1', { poison: false });
      await bus.publish(topic, [poison, after]);
      await until(
        () => handled.includes(after.id) && dead.length >= 1,
        'the dead letter and the next message',
      );
      expect(poisonCalls).toBe(1);
      expect(dead).toHaveLength(1);
      expect(dead[0].type).toBe(DEAD_LETTER_EVENT_TYPE);
      expect(dead[0].key).toBe('key-1');
      expect(dead[0].payload).toMatchObject({
        topic,
        group: 'group',
        attempts: 1,
        error: expect.stringContaining('payload fails its schema'),
        envelope: { id: poison.id, payload: { poison: true } },
      });
    });

    it('dead-letters a message that keeps failing after maxAttempts', async () => {
      const bus = open();
      const dead: EventEnvelope<DeadLetter>[] = [];
      await bus.subscribe(deadLetterTopic(topic), 'dlq-reader', async (envelope) => {
        dead.push(envelope as EventEnvelope<DeadLetter>);
      });
      const attempts: number[] = [];
      const handled: string[] = [];
      const failing = event('key-1', { fail: true });
      await bus.subscribe(
        topic,
        'group',
        async (envelope, ctx) => {
          if (envelope.id === failing.id) {
            attempts.push(ctx.attempt);
            throw new Error('database unavailable');
          }
          handled.push(envelope.id);
        },
        { maxAttempts: 3, retryBackoffMs: 5 },
      );
      const after = event('key-1', { fail: false });
      await bus.publish(topic, [failing, after]);
      await until(
        () => handled.includes(after.id) && dead.length >= 1,
        'the dead letter and the next message',
      );
      expect(attempts).toEqual([1, 2, 3]);
      expect(dead[0].payload).toMatchObject({
        attempts: 3,
        error: expect.stringContaining('database unavailable'),
      });
    });

    it('retries with exponential back-off, then succeeds', async () => {
      const bus = open();
      const dead: EventEnvelope[] = [];
      await bus.subscribe(deadLetterTopic(topic), 'dlq-reader', async (envelope) => {
        dead.push(envelope);
      });
      const calls: { attempt: number; at: number }[] = [];
      let done = false;
      await bus.subscribe(
        topic,
        'group',
        async (_envelope, ctx) => {
          calls.push({ attempt: ctx.attempt, at: Date.now() });
          if (ctx.attempt < 3) throw new Error('transient');
          done = true;
        },
        { maxAttempts: 5, retryBackoffMs: 40 },
      );
      await bus.publish(topic, event('key-1', {}));
      await until(() => done, 'the third attempt to succeed');
      expect(calls.map((c) => c.attempt)).toEqual([1, 2, 3]);
      // 40 ms, then 80 ms (timers may fire a hair early).
      expect(calls[1].at - calls[0].at).toBeGreaterThanOrEqual(35);
      expect(calls[2].at - calls[1].at).toBeGreaterThanOrEqual(75);
      await sleep(100);
      expect(dead).toHaveLength(0);
    });

    it('gives a group created after publishing the messages still retained', async () => {
      const bus = open();
      const early = event('key-1', { n: 1 });
      await bus.publish(topic, early);
      const seen: Seen[] = [];
      await bus.subscribe(topic, 'late-group', recorder(seen, 'late'));
      const later = event('key-1', { n: 2 });
      await bus.publish(topic, later);
      await until(() => seen.length >= 2, 'both messages');
      expect(seen.map((s) => s.envelope.id)).toEqual([early.id, later.id]);
    });

    it('waits for the in-flight handler on close, and does not deliver that message again', async () => {
      const bus = open();
      const started = deferred();
      let finished = false;
      const sub = await bus.subscribe(topic, 'group', async () => {
        started.resolve();
        await sleep(150);
        finished = true;
      });
      const message = event('key-1', {});
      await bus.publish(topic, message);
      await started.promise;
      await sub.close();
      expect(finished).toBe(true);

      const seen: Seen[] = [];
      await open().subscribe(topic, 'group', recorder(seen, 'after'));
      const next = event('key-1', {});
      await bus.publish(topic, next);
      await until(() => seen.length >= 1, 'the next message');
      await sleep(100);
      expect(seen.map((s) => s.envelope.id)).toEqual([next.id]);
    });
  });
}
