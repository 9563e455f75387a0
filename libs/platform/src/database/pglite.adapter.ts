import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite, types, type Transaction } from '@electric-sql/pglite';
import type { Database, Queryable, QueryResult } from './database.port';

type PGliteLike = Pick<PGlite, 'query' | 'exec'> | Transaction;

/**
 * numeric as a number, like the pg adapter: prices have two decimals. Given per query: PGlite
 * (0.5) does not apply the parsers its constructor is given.
 */
const PARSERS = { [types.NUMERIC]: (value: string) => Number(value) };

function wrap(client: PGliteLike): Queryable {
  return {
    async query<R>(sql: string, params?: unknown[]): Promise<QueryResult<R>> {
      const result = await client.query<R>(sql, params, { parsers: PARSERS });
      return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
    },
    async exec(sql: string): Promise<void> {
      await client.exec(sql);
    },
  };
}

/**
 * Postgres settings for one embedded user. PGlite's WASM memory never shrinks, and Postgres touches
 * all of shared_buffers at start: the 128 MB default alone is a third of the embedded host's
 * budget. The working set of `npm start` is a few MB of tables; the catalog's
 * in-process caches sit in front of them.
 */
export const PGLITE_SETTINGS: readonly string[] = [
  'shared_buffers=16MB',
  'temp_buffers=2MB',
  'wal_buffers=512kB',
  'maintenance_work_mem=8MB',
];

const PGLITE_START_PARAMS = [
  ...(PGlite as unknown as { defaultStartParams: string[] }).defaultStartParams,
  ...PGLITE_SETTINGS.flatMap((setting) => ['-c', setting]),
];

/**
 * Creates a new data directory (initdb) in a child process. initdb inside this process would grow
 * its WASM heap by ~450 MB that is never handed back (measured: 763 MB RSS after a first open
 * against 171 MB when the directory exists); the child takes that memory with it when it exits.
 */
async function initialiseDataDir(dataDir: string): Promise<void> {
  const script = `
    const { PGlite } = require(process.argv[1]);
    const db = new PGlite(process.argv[2], { startParams: JSON.parse(process.argv[3]) });
    db.waitReady.then(() => db.close()).then(() => process.exit(0), (e) => { console.error(e); process.exit(1); });`;
  await promisify(execFile)(
    process.execPath,
    ['-e', script, require.resolve('@electric-sql/pglite'), dataDir, JSON.stringify(PGLITE_START_PARAMS)],
    { timeout: 120_000 },
  );
}

/**
 * Real Postgres compiled to WASM, in this process, with its files under `dataDir` (or in memory
 * when dataDir is undefined). One connection: PGlite runs one statement at a time and a
 * transaction holds the connection until it ends, so there is nothing else to lock against.
 */
export class PGliteDatabase implements Database {
  readonly kind = 'pglite' as const;
  private readonly locks = new Map<string, Promise<void>>();

  private constructor(private readonly db: PGlite) {}

  static async open(dataDir?: string): Promise<PGliteDatabase> {
    const dir = dataDir ? path.resolve(dataDir) : undefined;
    if (dir) {
      fs.mkdirSync(dir, { recursive: true });
      if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) await initialiseDataDir(dir);
    }
    const db = new PGlite(dir, {
      startParams: PGLITE_START_PARAMS,
    });
    await db.waitReady;
    return new PGliteDatabase(db);
  }

  query<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<R>> {
    return wrap(this.db).query<R>(sql, params);
  }

  exec(sql: string): Promise<void> {
    return wrap(this.db).exec(sql);
  }

  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(wrap(tx)));
  }

  // PGlite belongs to one process (it cannot be opened twice), so an in-process lock per key does
  // what the advisory lock does on Postgres: callers interleave at every await otherwise.
  async withLock<T>(key: string, fn: (conn: Queryable) => Promise<T>): Promise<T> {
    const previous = this.locks.get(key) ?? Promise.resolve();
    const run = previous.then(() => fn(wrap(this.db)));
    const settled = run.then(
      () => undefined,
      () => undefined,
    );
    this.locks.set(key, settled);
    try {
      return await run;
    } finally {
      if (this.locks.get(key) === settled) this.locks.delete(key);
    }
  }

  async ping(): Promise<void> {
    await this.db.query('SELECT 1');
  }

  async close(): Promise<void> {
    if (!this.db.closed) await this.db.close();
  }
}
