import { Pool, types, type PoolClient } from 'pg';
import { advisoryLockId, type Database, type Queryable, type QueryResult } from './database.port';

// bigint (count(*), sequences) as numbers and numeric as numbers: amounts here are prices with
// two decimals, well inside double precision. PGlite parses them the same way.
types.setTypeParser(types.builtins.INT8, (value) => Number(value));
types.setTypeParser(types.builtins.NUMERIC, (value) => Number(value));

function wrap(client: Pool | PoolClient): Queryable {
  return {
    async query<R>(sql: string, params?: unknown[]): Promise<QueryResult<R>> {
      const result = await client.query(sql, params as unknown[]);
      return { rows: result.rows as R[], rowCount: result.rowCount ?? 0 };
    },
    async exec(sql: string): Promise<void> {
      await client.query(sql);
    },
  };
}

const ignoreClientError = (): void => undefined;

/**
 * A checked-out client whose connection dies (Postgres restarting) emits 'error'; pg listens only
 * while the client idles in the pool, so without a listener of ours that event would crash the
 * process. The query in flight fails with the error anyway, and the released broken client is
 * discarded by the pool.
 */
async function checkout(pool: Pool): Promise<PoolClient> {
  const client = await pool.connect();
  if (!client.listeners('error').includes(ignoreClientError)) client.on('error', ignoreClientError);
  return client;
}

export interface PostgresOptions {
  url: string;
  max?: number;
  applicationName?: string;
}

export class PostgresDatabase implements Database {
  readonly kind = 'postgres' as const;
  private readonly pool: Pool;
  private readonly plain: Queryable;

  constructor({ url, max = 10, applicationName = 'price-tracker' }: PostgresOptions) {
    this.pool = new Pool({
      connectionString: url,
      max,
      application_name: applicationName,
      connectionTimeoutMillis: 5000,
    });
    // An idle client losing its connection must not crash the process; the pool replaces it.
    this.pool.on('error', () => undefined);
    this.plain = wrap(this.pool);
  }

  query<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<R>> {
    return this.plain.query<R>(sql, params);
  }

  exec(sql: string): Promise<void> {
    return this.plain.exec(sql);
  }

  async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    const client = await checkout(this.pool);
    let broken: Error | undefined;
    try {
      await client.query('BEGIN');
      const result = await fn(wrap(client));
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch((rollbackError: Error) => (broken = rollbackError));
      throw error;
    } finally {
      // A client that could not even roll back has a dead connection: destroy it, don't reuse it.
      client.release(broken);
    }
  }

  async withLock<T>(key: string, fn: (conn: Queryable) => Promise<T>): Promise<T> {
    const client = await checkout(this.pool);
    const id = advisoryLockId(key);
    try {
      await client.query('SELECT pg_advisory_lock($1::bigint)', [id]);
      try {
        return await fn(wrap(client));
      } finally {
        await client.query('SELECT pg_advisory_unlock($1::bigint)', [id]);
      }
    } finally {
      client.release();
    }
  }

  async ping(): Promise<void> {
    await this.pool.query('SELECT 1');
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
