import fs from 'node:fs';
import path from 'node:path';
import { PGlite, types, type Transaction } from '@electric-sql/pglite';
import type { Database, Queryable, QueryResult } from './database.port';

type PGliteLike = Pick<PGlite, 'query' | 'exec'> | Transaction;

function wrap(client: PGliteLike): Queryable {
  return {
    async query<R>(sql: string, params?: unknown[]): Promise<QueryResult<R>> {
      const result = await client.query<R>(sql, params);
      return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
    },
    async exec(sql: string): Promise<void> {
      await client.exec(sql);
    },
  };
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
    if (dataDir) fs.mkdirSync(path.resolve(dataDir), { recursive: true });
    // numeric as a number, like the pg adapter: prices have two decimals.
    const db = new PGlite(dataDir ? path.resolve(dataDir) : undefined, {
      parsers: { [types.NUMERIC]: (value: string) => Number(value) },
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
