import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { PostgresDatabase } from '@pt/platform';

export interface TestPostgres {
  /** URL of a fresh database created for this test file. */
  url: string;
  db: PostgresDatabase;
  /** Closes the pool and drops the database. */
  drop(): Promise<void>;
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * A database of its own for one test file (name starts with "test_"), created from DATABASE_URL,
 * which must itself name a test database. Files run in parallel without seeing each other's rows.
 */
export async function createTestPostgres(baseUrl = process.env.DATABASE_URL): Promise<TestPostgres> {
  if (!baseUrl) throw new Error('DATABASE_URL is not set');
  const baseName = new URL(baseUrl).pathname.slice(1);
  if (!baseName.includes('test'))
    throw new Error(`Refusing to use database "${baseName}": its name must contain "test"`);
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = withDatabase(baseUrl, name);
  const db = new PostgresDatabase({ url, max: 10, applicationName: 'test' });
  return {
    url,
    db,
    async drop() {
      await db.close().catch(() => undefined);
      const client = new Client({ connectionString: baseUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
