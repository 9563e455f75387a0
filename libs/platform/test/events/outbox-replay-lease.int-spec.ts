import type { EventEnvelope } from '@pt/contracts';
import {
  addToOutbox,
  createEnvelope,
  ensureOutboxTables,
  OutboxRelay,
  PostgresDatabase,
  type EventBus,
} from '@pt/platform';
import { createTestPostgres, describeAdapter, postgresAvailability, type TestPostgres } from '@pt/testing';
import { deferred, waitFor } from './helpers';

const SCHEMA = 'pricing';
const TOPIC = 'pricing.price-changed';

/** A bus of one epoch that records what is published; the first publish waits for `gate`. */
function recordingBus(epoch: string, gate?: Promise<void>) {
  const published: EventEnvelope[] = [];
  let calls = 0;
  const bus = {
    kind: 'memory',
    epoch: async () => epoch,
    async publish(_topic: string, envelopes: EventEnvelope | EventEnvelope[]) {
      if (calls++ === 0 && gate) await gate;
      published.push(...(Array.isArray(envelopes) ? envelopes : [envelopes]));
    },
  } as unknown as EventBus;
  return { bus, published, calls: () => calls };
}

// Two relays of one schema (the service's API process and its worker) after Redis came back empty.
describeAdapter('outbox replay lease', 'postgres', postgresAvailability(), () => {
  let postgres: TestPostgres;
  let second: PostgresDatabase;

  beforeAll(async () => {
    postgres = await createTestPostgres();
    second = new PostgresDatabase({ url: postgres.url, applicationName: 'pricing-worker' });
    await ensureOutboxTables(postgres.db, SCHEMA);
  });

  afterAll(async () => {
    await second.close();
    await postgres.db.close();
    await postgres.drop();
  });

  it('republishes the window once when two relays see the new epoch at the same time', async () => {
    await postgres.db.transaction((tx) =>
      addToOutbox(
        tx,
        SCHEMA,
        TOPIC,
        [1, 2, 3].map((n) => createEnvelope('price.changed', `product-${n}`, { n })),
      ),
    );
    expect(await new OutboxRelay(postgres.db, SCHEMA, recordingBus('before').bus).relayOnce()).toBe(3);

    // Redis came back empty: a new epoch. The first relay is in the middle of its replay…
    const gate = deferred();
    const first = recordingBus('after', gate.promise);
    const second_ = recordingBus('after');
    const api = new OutboxRelay(postgres.db, SCHEMA, first.bus, { replayWindowMs: 60_000 });
    const worker = new OutboxRelay(second, SCHEMA, second_.bus, { replayWindowMs: 60_000 });
    const replaying = api.replayIfBusReset();
    await waitFor(() => first.calls() === 1, 'the first relay to start publishing');
    // …when the other one looks.
    const byWorker = await worker.replayIfBusReset();
    gate.resolve();
    const byApi = await replaying;
    // The worker looks again at its next tick: the rows are in the new epoch by now.
    const byWorkerLater = await worker.replayIfBusReset();
    const total = first.published.length + second_.published.length;
    console.log(
      `window of 3 events: ${total} published in all (api ${byApi}, worker ${byWorker} then ${byWorkerLater})`,
    );
    expect({ byApi, byWorker, byWorkerLater, total }).toEqual({
      byApi: 3,
      byWorker: 0,
      byWorkerLater: 0,
      total: 3,
    });
    // The lease is free again for new rows.
    expect(await worker.relayOnce()).toBe(0);
  });
});
