import { Pool } from 'pg';
import { toErrorResponse, type Database } from '@pt/platform';
import { createTestPostgres, describeAdapter, postgresAvailability, type TestPostgres } from '@pt/testing';

/**
 * A Postgres restart kills every connection, including clients checked out by a
 * transaction at that moment. The process must not die ('error' on a client nobody listens to),
 * the failed request must answer 503 with Retry-After, and the pool must serve again afterwards.
 * The connection is killed with pg_terminate_backend — what a restart does to each backend — and
 * the chaos tier restarts a real server.
 */
describeAdapter('database', 'postgres (connection loss)', postgresAvailability(), () => {
  let pg: TestPostgres;
  let db: Database;
  let admin: Pool;

  beforeAll(async () => {
    pg = await createTestPostgres();
    db = pg.db;
    admin = new Pool({ connectionString: pg.url, max: 1 });
  });

  afterAll(async () => {
    await admin.end();
    await pg.drop();
  });

  async function killBackend(pid: number): Promise<void> {
    await admin.query('SELECT pg_terminate_backend($1)', [pid]);
  }

  it('a transaction whose connection dies fails with a 503-class error, and the process lives on', async () => {
    const failure = await db
      .transaction(async (tx) => {
        const { rows } = await tx.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
        await killBackend(rows[0].pid);
        // Let the socket's close reach the client before the next query (the 'error' event).
        await new Promise((resolve) => setImmediate(resolve));
        await tx.query('SELECT 1');
      })
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(failure).toBeDefined();
    const response = toErrorResponse(failure);
    expect(response.status).toBe(503);
    expect(response.retryAfterS).toBeGreaterThan(0);
    // The broken client was discarded: the pool answers again.
    await expect(db.query('SELECT 1 AS ok')).resolves.toMatchObject({ rows: [{ ok: 1 }] });
  });

  it('a lock holder whose connection dies does not crash the process either', async () => {
    const failure = await db
      .withLock('outage-test', async (conn) => {
        const { rows } = await conn.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
        await killBackend(rows[0].pid);
        await new Promise((resolve) => setTimeout(resolve, 50));
        await conn.query('SELECT 1');
      })
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(toErrorResponse(failure).status).toBe(503);
    await expect(db.query('SELECT 2 AS ok')).resolves.toMatchObject({ rows: [{ ok: 2 }] });
  });
});
