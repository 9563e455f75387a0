import type { EventEnvelope } from '@pt/contracts';
import {
  addToOutbox,
  createEnvelope,
  ensureOutboxTables,
  idempotent,
  MemoryBroker,
  MemoryEventBus,
  OutboxRelay,
  PGliteDatabase,
  PostgresDatabase,
  type Database,
  type EventBus,
} from '@pt/platform';
import {
  ALWAYS,
  createTestPostgres,
  describeAdapter,
  postgresAvailability,
  type Availability,
  type TestPostgres,
} from '@pt/testing';
import { uniqueName, waitFor } from './helpers';

const SCHEMA = 'svc';
const GROUPS = ['group-a', 'group-b'];

interface DatabaseCase {
  adapter: string;
  availability: Availability;
  /** The first process's database. */
  open(): Promise<Database>;
  /** The same database as a restarted process sees it (PGlite in memory: the same handle). */
  reopen(first: Database): Promise<Database>;
  teardown(): Promise<void>;
}

let testPostgres: TestPostgres | undefined;
const cases: DatabaseCase[] = [
  {
    adapter: 'postgres',
    availability: postgresAvailability(),
    async open() {
      testPostgres = await createTestPostgres();
      return testPostgres.db;
    },
    async reopen() {
      return new PostgresDatabase({ url: testPostgres?.url ?? '', applicationName: 'restarted' });
    },
    async teardown() {
      await testPostgres?.drop();
    },
  },
  {
    adapter: 'pglite',
    availability: ALWAYS,
    open: () => PGliteDatabase.open(),
    async reopen(first) {
      return first;
    },
    async teardown() {},
  },
];

for (const dbCase of cases) {
  describeAdapter('outbox', dbCase.adapter, dbCase.availability, () => {
    let db: Database;
    let topic: string;
    const extra: Database[] = [];
    const buses: EventBus[] = [];
    const relays: OutboxRelay[] = [];

    beforeAll(async () => {
      db = await dbCase.open();
      await ensureOutboxTables(db, SCHEMA);
      await ensureOutboxTables(db, SCHEMA); // idempotent
      await db.exec(`CREATE TABLE ${SCHEMA}.items (id text PRIMARY KEY);
        CREATE TABLE ${SCHEMA}.effects (consumer_group text NOT NULL, event_id uuid NOT NULL, seq int);`);
    });

    beforeEach(async () => {
      topic = uniqueName('outbox');
      await db.exec(
        `DELETE FROM ${SCHEMA}.outbox; DELETE FROM ${SCHEMA}.effects; DELETE FROM ${SCHEMA}.processed_events;`,
      );
    });

    afterEach(async () => {
      await Promise.all(relays.splice(0).map((relay) => relay.stop()));
      await Promise.all(buses.splice(0).map((bus) => bus.close()));
      await Promise.all(
        extra
          .splice(0)
          .filter((d) => d !== db)
          .map((d) => d.close()),
      );
    });

    afterAll(async () => {
      await db.close();
      await dbCase.teardown();
    });

    /** A process: its own bus (sharing the broker, as processes share Redis) and consumers. */
    async function startProcess(broker: MemoryBroker, database: Database) {
      const bus = new MemoryEventBus({ broker });
      buses.push(bus);
      const deliveries: Record<string, number> = Object.fromEntries(GROUPS.map((g) => [g, 0]));
      const order: Record<string, number[]> = Object.fromEntries(GROUPS.map((g) => [g, []]));
      for (const group of GROUPS) {
        const effect = idempotent(database, SCHEMA, group, async (envelope, tx) => {
          await tx.query(
            `INSERT INTO ${SCHEMA}.effects (consumer_group, event_id, seq) VALUES ($1, $2, $3)`,
            [group, envelope.id, (envelope.payload as { seq?: number }).seq ?? null],
          );
        });
        await bus.subscribe(topic, group, async (envelope, ctx) => {
          deliveries[group]++;
          order[group].push((envelope.payload as { seq: number }).seq);
          await effect(envelope, ctx);
        });
      }
      return { bus, deliveries, order };
    }

    async function effects(group: string): Promise<{ event_id: string; seq: number | null }[]> {
      const { rows } = await db.query<{ event_id: string; seq: number | null }>(
        `SELECT event_id, seq FROM ${SCHEMA}.effects WHERE consumer_group = $1 ORDER BY seq`,
        [group],
      );
      return rows;
    }

    async function outboxCount(): Promise<number> {
      const { rows } = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM ${SCHEMA}.outbox WHERE published_at IS NULL`,
      );
      return rows[0].n;
    }

    /** The producer's use case: a state change and its event in one transaction. */
    async function produce(itemId: string, seq = 0, key = itemId): Promise<EventEnvelope> {
      const envelope = createEnvelope('item.created', key, { itemId, seq });
      await db.transaction(async (tx) => {
        await tx.query(`INSERT INTO ${SCHEMA}.items (id) VALUES ($1)`, [itemId]);
        await addToOutbox(tx, SCHEMA, topic, envelope);
      });
      return envelope;
    }

    it('delivers an event committed before the process died, once per group, after a restart', async () => {
      const broker = new MemoryBroker();
      // The first process commits and dies before its relay ran: only the database remembers.
      const envelope = await produce(uniqueName('item'));
      expect(await outboxCount()).toBe(1);

      const restartedDb = await dbCase.reopen(db);
      extra.push(restartedDb);
      const restarted = await startProcess(broker, restartedDb);
      const relay = new OutboxRelay(restartedDb, SCHEMA, restarted.bus);
      expect(await relay.relayOnce()).toBe(1);

      for (const group of GROUPS) {
        await waitFor(async () => (await effects(group)).length === 1, `${group} to apply the event`);
        expect((await effects(group))[0].event_id).toBe(envelope.id);
      }
      expect(await outboxCount()).toBe(0);
      expect(await relay.relayOnce()).toBe(0);
    });

    it('republishes what was relayed but not handled when the host died, into the restarted in-process bus', async () => {
      // The first life: events relayed into its in-process bus, whose consumers never ran them.
      const firstBus = new MemoryEventBus({ broker: new MemoryBroker() });
      buses.push(firstBus);
      const produced = [];
      for (let seq = 0; seq < 3; seq++) produced.push((await produce(uniqueName('item'), seq)).id);
      expect(await new OutboxRelay(db, SCHEMA, firstBus).relayOnce()).toBe(3);
      expect(await outboxCount()).toBe(0);

      // kill -9, restart: a new (empty) bus with its consumers, and the relay's first look.
      const restartedDb = await dbCase.reopen(db);
      extra.push(restartedDb);
      const restarted = await startProcess(new MemoryBroker(), restartedDb);
      const relay = new OutboxRelay(restartedDb, SCHEMA, restarted.bus, { replayWindowMs: 60_000 });
      expect(await relay.replayIfBusReset()).toBe(3);
      expect(await relay.replayIfBusReset()).toBe(0); // once per epoch
      for (const group of GROUPS) {
        await waitFor(async () => (await effects(group)).length === 3, `${group} to apply the 3 events`);
        expect((await effects(group)).map((e) => e.event_id)).toEqual(produced);
      }

      // A further restart replays again, and the idempotent consumers turn it into no-ops.
      const again = await startProcess(new MemoryBroker(), restartedDb);
      expect(await new OutboxRelay(restartedDb, SCHEMA, again.bus).replayIfBusReset()).toBe(3);
      await waitFor(() => GROUPS.every((g) => again.deliveries[g] === 3), 'the replayed deliveries');
      for (const group of GROUPS) expect(await effects(group)).toHaveLength(3);
    });

    it('turns the redelivery after a relay died between publish and commit into a no-op', async () => {
      const broker = new MemoryBroker();
      const consumers = await startProcess(broker, db);
      const envelope = await produce(uniqueName('item'));

      // The relay publishes, then its process dies before the commit that removes the row.
      const dyingBus: EventBus = Object.assign(Object.create(consumers.bus) as EventBus, {
        async publish(t: string, e: EventEnvelope | EventEnvelope[]) {
          await consumers.bus.publish(t, e);
          throw new Error('process died after publishing');
        },
      });
      await expect(new OutboxRelay(db, SCHEMA, dyingBus).relayOnce()).rejects.toThrow('process died');
      expect(await outboxCount()).toBe(1);

      // The restarted relay publishes the same event again.
      expect(await new OutboxRelay(db, SCHEMA, consumers.bus).relayOnce()).toBe(1);
      await waitFor(
        () => GROUPS.every((g) => consumers.deliveries[g] === 2),
        'both deliveries in each group',
      );
      for (const group of GROUPS)
        expect((await effects(group)).map((e) => e.event_id)).toEqual([envelope.id]);
      const processed = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM ${SCHEMA}.processed_events`,
      );
      expect(processed.rows[0].n).toBe(GROUPS.length);
    });

    it('publishes nothing from a transaction that rolled back', async () => {
      const broker = new MemoryBroker();
      const consumers = await startProcess(broker, db);
      await expect(
        db.transaction(async (tx) => {
          await addToOutbox(tx, SCHEMA, topic, createEnvelope('item.created', 'k', {}));
          throw new Error('use case failed');
        }),
      ).rejects.toThrow('use case failed');
      expect(await new OutboxRelay(db, SCHEMA, consumers.bus).relayOnce()).toBe(0);
      expect(consumers.deliveries[GROUPS[0]]).toBe(0);
    });

    it('relays in commit order across batches while running, and drains on stop', async () => {
      const broker = new MemoryBroker();
      const consumers = await startProcess(broker, db);
      const relay = new OutboxRelay(db, SCHEMA, consumers.bus, { intervalMs: 10, batchSize: 7 });
      relays.push(relay);
      relay.start();
      // One key, so the bus must hand them over in relay order.
      for (let seq = 0; seq < 15; seq++) await produce(uniqueName('item'), seq, 'one-product');
      await relay.stop();
      expect(await outboxCount()).toBe(0);
      // 15 more written while stopped go out on the next start's drain.
      for (let seq = 15; seq < 30; seq++) await produce(uniqueName('item'), seq, 'one-product');
      relay.start();
      await relay.stop();
      for (const group of GROUPS) {
        await waitFor(async () => (await effects(group)).length === 30, `${group} to apply 30 events`);
        expect(consumers.order[group]).toEqual(Array.from({ length: 30 }, (_, i) => i));
      }
    });

    it('lets two relays run together without publishing an event twice', async () => {
      const broker = new MemoryBroker();
      const bus = new MemoryEventBus({ broker });
      buses.push(bus);
      const seen: string[] = [];
      await bus.subscribe(topic, 'order-check', async (envelope) => {
        seen.push(envelope.id);
      });
      const produced: string[] = [];
      for (let seq = 0; seq < 40; seq++) produced.push((await produce(uniqueName('item'), seq)).id);
      const second = dbCase.adapter === 'postgres' ? await dbCase.reopen(db) : db;
      extra.push(second);
      const [a, b] = [
        new OutboxRelay(db, SCHEMA, bus, { batchSize: 5 }),
        new OutboxRelay(second, SCHEMA, bus, { batchSize: 5 }),
      ];
      await Promise.all([a.drain(), b.drain(), a.drain(), b.drain()]);
      await a.drain(); // whatever a skipped while b held the lock
      await waitFor(() => seen.length >= 40, '40 deliveries');
      expect(seen).toEqual(produced);
    });
  });
}
