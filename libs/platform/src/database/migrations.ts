import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { quoteIdent, type Database } from './database.port';

export interface MigrationOptions {
  /** The service's own schema; its tables live there and nowhere else. */
  schema: string;
  /** Folder of numbered plain-SQL files: 001_init.sql, 002_….sql */
  dir: string;
}

const FILE_PATTERN = /^(\d+)[_-].+\.sql$/;

export function listMigrationFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => FILE_PATTERN.test(name))
    .sort(
      (a, b) => Number(FILE_PATTERN.exec(a)?.[1]) - Number(FILE_PATTERN.exec(b)?.[1]) || a.localeCompare(b),
    );
}

/**
 * Applies each numbered file once, in order, to the service's schema. Runners take an advisory
 * lock per schema, so two processes starting together apply each file exactly once. A file that
 * changed after it was applied stops start-up: applied migrations are history, not drafts.
 * Returns the names applied by this call.
 */
export async function runMigrations(db: Database, { schema, dir }: MigrationOptions): Promise<string[]> {
  const s = quoteIdent(schema);
  return db.withLock(`migrations:${schema}`, async (conn) => {
    await conn.exec(`CREATE SCHEMA IF NOT EXISTS ${s};
      CREATE TABLE IF NOT EXISTS ${s}.schema_migrations (
        name text PRIMARY KEY,
        checksum text NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now()
      );`);
    const { rows } = await conn.query<{ name: string; checksum: string }>(
      `SELECT name, checksum FROM ${s}.schema_migrations`,
    );
    const applied = new Map(rows.map((row) => [row.name, row.checksum]));
    const done: string[] = [];
    for (const name of listMigrationFiles(dir)) {
      const sql = fs.readFileSync(path.join(dir, name), 'utf8');
      const checksum = createHash('sha256').update(sql).digest('hex');
      const previous = applied.get(name);
      if (previous !== undefined) {
        if (previous !== checksum) {
          throw new Error(
            `Migration ${schema}/${name} changed after it was applied; add a new file instead.`,
          );
        }
        continue;
      }
      await db.transaction(async (tx) => {
        await tx.exec(`SET LOCAL search_path TO ${s}, public;\n${sql}`);
        await tx.query(`INSERT INTO ${s}.schema_migrations (name, checksum) VALUES ($1, $2)`, [
          name,
          checksum,
        ]);
      });
      done.push(name);
    }
    return done;
  });
}
