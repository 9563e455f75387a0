import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGliteDatabase, runMigrations, type Database } from '@pt/platform';
import {
  ALWAYS,
  createTestPostgres,
  describeAdapter,
  postgresAvailability,
  type TestPostgres,
} from '@pt/testing';

interface Harness {
  /** A second, independent connection to the same database (another process's view). */
  open(): Promise<Database>;
  db: Database;
  teardown(): Promise<void>;
}

type HarnessFactory = () => Promise<Harness>;

const postgres: HarnessFactory = async () => {
  const test: TestPostgres = await createTestPostgres();
  const { PostgresDatabase } = await import('@pt/platform');
  const extra: Database[] = [];
  return {
    db: test.db,
    async open() {
      const db = new PostgresDatabase({ url: test.url, max: 4 });
      extra.push(db);
      return db;
    },
    async teardown() {
      await Promise.all(extra.map((db) => db.close()));
      await test.drop();
    },
  };
};

const pglite: HarnessFactory = async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-'));
  const db = await PGliteDatabase.open(dir);
  return {
    db,
    // PGlite belongs to one process: the second "runner" shares the instance, as the embedded host does.
    open: async () => db,
    async teardown() {
      await db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
};

function migrationsDir(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
  for (const [name, sql] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), sql);
  return dir;
}

function databaseContract(factory: HarnessFactory) {
  let h: Harness;
  beforeAll(async () => {
    h = await factory();
  });
  afterAll(async () => {
    await h.teardown();
  });

  it('runs parameterised queries and returns numeric and bigint as numbers', async () => {
    const { rows } = await h.db.query<{ n: number; b: number; t: string }>(
      'SELECT $1::numeric(10,2) AS n, count(*) AS b, $2::text AS t FROM (VALUES (1),(2)) v(x)',
      [19.99, 'hi'],
    );
    expect(rows).toEqual([{ n: 19.99, b: 2, t: 'hi' }]);
  });

  it('commits a transaction that resolves and rolls back one that throws', async () => {
    await h.db.exec('CREATE TABLE tx_probe (id int PRIMARY KEY)');
    await h.db.transaction(async (tx) => {
      await tx.query('INSERT INTO tx_probe VALUES (1)');
    });
    await expect(
      h.db.transaction(async (tx) => {
        await tx.query('INSERT INTO tx_probe VALUES (2)');
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const { rows } = await h.db.query<{ id: number }>('SELECT id FROM tx_probe ORDER BY id');
    expect(rows.map((r) => r.id)).toEqual([1]);
  });

  it('answers ping', async () => {
    await expect(h.db.ping()).resolves.toBeUndefined();
  });

  it('applies numbered migrations in order to the service schema, once', async () => {
    const dir = migrationsDir({
      '002_add_note.sql': 'ALTER TABLE items ADD COLUMN note text;',
      '001_items.sql': 'CREATE TABLE items (id int PRIMARY KEY);',
      '010_seed.sql': "INSERT INTO items (id, note) VALUES (1, 'first');",
      'README.md': 'not a migration',
    });
    expect(await runMigrations(h.db, { schema: 'svc_once', dir })).toEqual([
      '001_items.sql',
      '002_add_note.sql',
      '010_seed.sql',
    ]);
    expect(await runMigrations(h.db, { schema: 'svc_once', dir })).toEqual([]);
    const { rows } = await h.db.query('SELECT id, note FROM svc_once.items');
    expect(rows).toEqual([{ id: 1, note: 'first' }]);
  });

  it('refuses to start when an applied migration was edited', async () => {
    const dir = migrationsDir({ '001_a.sql': 'CREATE TABLE a (id int);' });
    await runMigrations(h.db, { schema: 'svc_edit', dir });
    fs.writeFileSync(path.join(dir, '001_a.sql'), 'CREATE TABLE a (id bigint);');
    await expect(runMigrations(h.db, { schema: 'svc_edit', dir })).rejects.toThrow(
      /changed after it was applied/,
    );
  });

  it('lets two runners started together apply each file exactly once', async () => {
    const dir = migrationsDir({
      '001_t.sql': 'CREATE TABLE t (id serial PRIMARY KEY, who text);',
      '002_seed.sql': "INSERT INTO t (who) VALUES ('migration');",
    });
    const other = await h.open();
    const results = await Promise.all([
      runMigrations(h.db, { schema: 'svc_race', dir }),
      runMigrations(other, { schema: 'svc_race', dir }),
    ]);
    expect(results.flat().sort()).toEqual(['001_t.sql', '002_seed.sql']);
    const { rows } = await h.db.query<{ n: number }>('SELECT count(*) AS n FROM svc_race.t');
    expect(rows[0]?.n).toBe(1);
  });

  it('rolls back a failing migration file entirely', async () => {
    const dir = migrationsDir({ '001_bad.sql': 'CREATE TABLE half (id int); SELECT no_such_function();' });
    await expect(runMigrations(h.db, { schema: 'svc_bad', dir })).rejects.toThrow();
    const { rows } = await h.db.query<{ n: number }>(
      "SELECT count(*) AS n FROM information_schema.tables WHERE table_schema = 'svc_bad' AND table_name = 'half'",
    );
    expect(rows[0]?.n).toBe(0);
  });
}

describeAdapter('database', 'postgres', postgresAvailability(), () => databaseContract(postgres));
describeAdapter('database', 'pglite', ALWAYS, () => databaseContract(pglite));
