export interface QueryResult<R> {
  rows: R[];
  rowCount: number;
}

export interface Queryable {
  /** One parameterised statement ($1, $2, …). */
  query<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<R>>;
  /** Several statements without parameters (migration files). */
  exec(sql: string): Promise<void>;
}

/**
 * The database port. Postgres (`pg` pool) when DATABASE_URL is set, PGlite under DATA_DIR when not;
 * business code sees only this interface.
 */
export interface Database extends Queryable {
  readonly kind: 'postgres' | 'pglite';
  /** Runs fn in one transaction on one connection; commits when it resolves, rolls back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Runs fn while holding a session-level advisory lock named by `key`, so that several processes
   * (e.g. migration runners starting together) take turns.
   */
  withLock<T>(key: string, fn: (conn: Queryable) => Promise<T>): Promise<T>;
  /** Throws when the database does not answer (health checks: /readyz, /healthz). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Postgres advisory locks take a bigint; derive a stable one from a name. */
export function advisoryLockId(key: string): string {
  let hash = 0n;
  for (const char of key) hash = (hash * 31n + BigInt(char.codePointAt(0) ?? 0)) & 0x7fffffffffffffffn;
  return hash.toString();
}

/** Quotes an identifier (schema or table name) for SQL text. */
export function quoteIdent(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/i.test(name)) throw new Error(`Invalid SQL identifier: ${name}`);
  return `"${name}"`;
}
