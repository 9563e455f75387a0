import {
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type QueryCompiler,
  type QueryResult as KyselyQueryResult,
} from 'kysely';
import type { Queryable } from './database.port';

export {
  sql,
  type ColumnType,
  type Generated,
  type Insertable,
  type Kysely,
  type Selectable,
  type Updateable,
} from 'kysely';

/**
 * Kysely on top of the database port: compiled queries run through `Queryable.query`, so the pg
 * pool and PGlite work unchanged, and so do their type parsers (numeric and bigint as numbers).
 * Transactions stay the port's: a Kysely bound to the `tx` Queryable that `Database.transaction`
 * hands over runs on that transaction's connection. Kysely's own transaction API is refused,
 * since it would bypass the adapters' connection handling.
 */
class QueryableConnection implements DatabaseConnection {
  constructor(private readonly q: Queryable) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<KyselyQueryResult<R>> {
    const { rows, rowCount } = await this.q.query<R>(compiled.sql, [...compiled.parameters]);
    return { rows, numAffectedRows: BigInt(rowCount ?? 0) };
  }

  // eslint-disable-next-line require-yield -- the port has no cursor; Kysely requires the method
  async *streamQuery<R>(): AsyncIterableIterator<KyselyQueryResult<R>> {
    throw new Error('Streaming is not supported by the database port');
  }
}

class QueryableDriver implements Driver {
  private readonly connection: QueryableConnection;

  constructor(q: Queryable) {
    this.connection = new QueryableConnection(q);
  }

  async init(): Promise<void> {}
  async acquireConnection(): Promise<DatabaseConnection> {
    return this.connection;
  }
  async beginTransaction(): Promise<void> {
    throw new Error('Use Database.transaction and bind Kysely to its Queryable (typedQueries(tx))');
  }
  async commitTransaction(): Promise<void> {
    throw new Error('Use Database.transaction');
  }
  async rollbackTransaction(): Promise<void> {
    throw new Error('Use Database.transaction');
  }
  async releaseConnection(): Promise<void> {}
  async destroy(): Promise<void> {}
}

class QueryableDialect implements Dialect {
  constructor(private readonly q: Queryable) {}

  createAdapter(): DialectAdapter {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new QueryableDriver(this.q);
  }
  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }
  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }
}

// One Kysely per Queryable (the Database, or a transaction while it lasts), collected with it.
const bound = new WeakMap<Queryable, Kysely<unknown>>();

/**
 * A Kysely typed by a service's schema (`DB`, generated from its migrations) that runs on `q`.
 * Pass the transaction's Queryable to run inside it.
 */
export function typedQueries<DB>(q: Queryable): Kysely<DB> {
  let k = bound.get(q);
  if (!k) {
    k = new Kysely<unknown>({ dialect: new QueryableDialect(q) });
    bound.set(q, k);
  }
  return k as Kysely<DB>;
}
