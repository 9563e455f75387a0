// Pricing pipeline benchmark: observations per second through the recorder
// (price.observed envelope → checks → dedupe → snapshot → price.changed in the outbox), and, in the
// same run and database, the raw multi-row INSERT rate of the same rows, with their ratio.
//
//   npm run bench:pipeline            (builds first; needs DATABASE_URL naming a *test* database,
//                                      otherwise it runs on in-memory PGlite and says so)
//   BENCH_LISTINGS=5000 BENCH_ROUNDS=4 BENCH_CHANGE_SHARE=0.3 npm run bench:pipeline
//   BENCH_SMOKE=1 npm run bench:pipeline   (run by `npm test`: 200 listings × 2 rounds)
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import os from 'node:os';
import { knob, SMOKE } from '../../../scripts/benches.mjs';

const require = createRequire(import.meta.url);
const { PGliteDatabase, runMigrations, ensureOutboxTables } = require('@pt/platform');
const { createTestPostgres } = require('@pt/testing');
const { RecorderService } = require('@pt/pricing/services/recorder.service');
const { ObservationBatcher } = require('@pt/pricing/services/observation-batcher');
const { checkObservation } = require('@pt/pricing/services/observation');
const { PriceSnapshotsRepository } = require('@pt/pricing/repositories/price-snapshots.repository');
const { pricingService } = require('@pt/pricing');

const LISTINGS = knob('BENCH_LISTINGS', 5000, 200);
const ROUNDS = knob('BENCH_ROUNDS', 4, 2);
const WARM_LISTINGS = SMOKE ? 50 : 1000;
/** Share of listings whose price moved between two polls (the rest are deduplicated). */
const CHANGE_SHARE = Number(process.env.BENCH_CHANGE_SHARE ?? 0.3);
const BATCH = 500;
const IN_FLIGHT = 4;
const T0 = Date.UTC(2025, 0, 1, 12);

/** Deterministic pseudo-random numbers, so two runs bench the same workload. */
function rng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Round r: every listing observed once, 10 minutes after the previous round (inside the 6-hour window). */
function workload(listings = LISTINGS, idBase = 280_000_000_000, seed = 42) {
  const random = rng(seed);
  const prices = Array.from({ length: listings }, () => Math.round((5 + random() * 495) * 100) / 100);
  const rounds = [];
  for (let r = 0; r < ROUNDS; r++) {
    const observedAt = new Date(T0 + r * 10 * 60_000).toISOString();
    rounds.push(
      prices.map((price, i) => {
        if (r > 0 && random() < CHANGE_SHARE)
          prices[i] = Math.max(0.5, Math.round(price * (0.8 + random() * 0.35) * 100) / 100);
        const productId = String(idBase + i);
        return {
          id: randomUUID(),
          type: 'price.observed',
          version: 1,
          occurredAt: observedAt,
          key: `ebay:${productId}`,
          payload: {
            productId,
            marketplace: 'ebay',
            price: prices[i],
            currency: 'USD',
            observedAt,
            source: 'poll',
          },
        };
      }),
    );
  }
  return rounds;
}

async function openDatabase() {
  if (process.env.DATABASE_URL) {
    const pg = await createTestPostgres(process.env.DATABASE_URL);
    return { db: pg.db, kind: 'postgres (fresh database from DATABASE_URL)', drop: () => pg.drop() };
  }
  const db = await PGliteDatabase.open();
  return { db, kind: 'PGlite in memory (DATABASE_URL not set)', drop: () => db.close() };
}

async function inChunks(items, size, inFlight, fn) {
  const chunks = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  let next = 0;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < chunks.length) await fn(chunks[next++]);
    }),
  );
}

async function main() {
  const { db, kind, drop } = await openDatabase();
  try {
    await runMigrations(db, { schema: 'pricing', dir: pricingService.migrationsDir });
    await ensureOutboxTables(db, 'pricing');
    await db.exec(`CREATE SCHEMA bench_raw; CREATE TABLE bench_raw.global_price_history (LIKE pricing.global_price_history INCLUDING ALL);
                   CREATE TABLE bench_raw.global_price_history_values (LIKE pricing.global_price_history INCLUDING ALL);`);
    const rounds = workload();
    const total = rounds.reduce((n, r) => n + r.length, 0);
    const clock = { now: () => new Date() };
    const recorder = new RecorderService(db, clock, new PriceSnapshotsRepository(db));
    const batcher = new ObservationBatcher((observations) => recorder.record(observations), {
      maxBatch: BATCH,
      maxInFlight: IN_FLIGHT,
    });

    // 1. Through the recorder: each round's observations are handed over concurrently (one lane per
    // listing, as the bus delivers them); the batcher groups them into transactions.
    const throughRecorder = async (workloadRounds) => {
      const outcomes = { recorded: 0, deduplicated: 0, stale: 0 };
      const t = process.hrtime.bigint();
      for (const round of workloadRounds) {
        const results = await Promise.all(
          round.map((envelope) => {
            const check = checkObservation(envelope);
            if (!check.ok) throw new Error(check.message);
            return batcher.submit(check.observation);
          }),
        );
        for (const outcome of results) outcomes[outcome]++;
      }
      return { seconds: Number(process.hrtime.bigint() - t) / 1e9, outcomes };
    };

    // 2. Raw: the same rows (every observation) written with multi-row INSERTs of the same batch
    // size and concurrency, no checks, no dedupe, no events. Both forms; the faster is the baseline.
    const rawUnnest = async (rows) => {
      const t = process.hrtime.bigint();
      await inChunks(rows, BATCH, IN_FLIGHT, (chunk) =>
        db.query(
          `INSERT INTO bench_raw.global_price_history (product_id, marketplace, price, currency, observed_at, source)
           SELECT * FROM unnest($1::text[], $2::text[], $3::numeric[], $4::text[], $5::timestamptz[], $6::text[])`,
          [
            chunk.map((r) => r.productId),
            chunk.map((r) => r.marketplace),
            chunk.map((r) => r.price),
            chunk.map((r) => r.currency),
            chunk.map((r) => r.observedAt),
            chunk.map((r) => r.source),
          ],
        ),
      );
      return Number(process.hrtime.bigint() - t) / 1e9;
    };
    const rawValues = async (rows) => {
      const t = process.hrtime.bigint();
      await inChunks(rows, BATCH, IN_FLIGHT, (chunk) =>
        db.query(
          `INSERT INTO bench_raw.global_price_history_values (product_id, marketplace, price, currency, observed_at, source) VALUES ${chunk
            .map(
              (_, i) =>
                `($${i * 6 + 1}, $${i * 6 + 2}, $${i * 6 + 3}, $${i * 6 + 4}, $${i * 6 + 5}, $${i * 6 + 6})`,
            )
            .join(', ')}`,
          chunk.flatMap((r) => [r.productId, r.marketplace, r.price, r.currency, r.observedAt, r.source]),
        ),
      );
      return Number(process.hrtime.bigint() - t) / 1e9;
    };
    const payloads = (workloadRounds) => workloadRounds.flatMap((round) => round.map((e) => e.payload));

    // Warm-up on other listings (JIT, connection pool, plan caches), then the raw tables start empty.
    const warm = workload(WARM_LISTINGS, 290_000_000_000, 7).slice(0, 2);
    await throughRecorder(warm);
    await rawUnnest(payloads(warm));
    await rawValues(payloads(warm));
    await db.exec('TRUNCATE bench_raw.global_price_history, bench_raw.global_price_history_values');
    const changesBefore = Number((await db.query(`SELECT count(*) AS n FROM pricing.outbox`)).rows[0].n);

    const { seconds: recorderSeconds, outcomes } = await throughRecorder(rounds);
    const changes =
      Number((await db.query(`SELECT count(*) AS n FROM pricing.outbox`)).rows[0].n) - changesBefore;
    if (outcomes.recorded === 0) throw new Error('the recorder recorded nothing');
    const all = payloads(rounds);
    const unnestSeconds = await rawUnnest(all);
    const valuesSeconds = await rawValues(all);
    const rawSeconds = Math.min(unnestSeconds, valuesSeconds);

    const perSecond = (n, s) => Math.round(n / s);
    const recorderRate = perSecond(total, recorderSeconds);
    const rawRate = perSecond(total, rawSeconds);
    const line = (label, value) => console.log(`${label.padEnd(44)} ${value}`);
    console.log(
      `\npricing pipeline bench${SMOKE ? ' (smoke)' : ''} — ${kind}, ${os.cpus().length} CPUs, node ${process.version}`,
    );
    line(
      'workload',
      `${LISTINGS} listings × ${ROUNDS} rounds = ${total} observations, ${Math.round(CHANGE_SHARE * 100)}% of listings change per round`,
    );
    line(
      'recorder outcomes',
      `${outcomes.recorded} recorded, ${outcomes.deduplicated} deduplicated, ${outcomes.stale} stale; ${changes} price.changed`,
    );
    line(
      'recorder (observe→dedupe→record→event)',
      `${recorderRate} observations/s (${recorderSeconds.toFixed(2)} s)`,
    );
    line(
      'raw multi-row INSERT, unnest',
      `${perSecond(total, unnestSeconds)} rows/s (${unnestSeconds.toFixed(2)} s)`,
    );
    line(
      'raw multi-row INSERT, VALUES',
      `${perSecond(total, valuesSeconds)} rows/s (${valuesSeconds.toFixed(2)} s)`,
    );
    line('ratio recorder / fastest raw', `${((recorderRate / rawRate) * 100).toFixed(1)}%`);
    console.log('');
  } finally {
    await drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
