import path from 'node:path';
import type { Database } from './database.port';
import { PGliteDatabase } from './pglite.adapter';
import { PostgresDatabase } from './pg.adapter';

export interface DatabaseConfig {
  DATABASE_URL?: string;
  DATA_DIR: string;
}

/** `pg` pool when DATABASE_URL is set, PGlite files under DATA_DIR/pglite when not. */
export async function createDatabase(config: DatabaseConfig, applicationName?: string): Promise<Database> {
  if (config.DATABASE_URL) return new PostgresDatabase({ url: config.DATABASE_URL, applicationName });
  return PGliteDatabase.open(path.join(config.DATA_DIR, 'pglite'));
}
