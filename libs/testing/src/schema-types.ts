import fs from 'node:fs';
import path from 'node:path';
import { ensureOutboxTables, runMigrations, type Queryable } from '@pt/platform';
import { createTestPostgres } from './postgres';

/**
 * The TypeScript schema of a service's tables, as its migrations leave them: what Kysely
 * (`typedQueries<DB>`) checks repository queries against. Generated, never written by hand, so the
 * types cannot drift from the SQL: `node scripts/db-types.mjs <service>` rewrites the file, and
 * libs/testing/test/schema-types.int-spec.ts fails when the committed file differs.
 */

/** Where a service's generated schema lives. */
export const schemaTypesFile = (serviceDir: string): string =>
  path.join(serviceDir, 'src', 'repositories', 'schema.ts');

interface ColumnRow {
  table_name: string;
  column_name: string;
  data_type: string;
  udt_name: string;
  is_nullable: 'YES' | 'NO';
  column_default: string | null;
  is_identity: 'YES' | 'NO';
  is_generated: 'ALWAYS' | 'NEVER';
}

/** Postgres types as the database port's adapters return them (numeric and bigint parsed to numbers). */
const SCALARS: Record<string, string> = {
  text: 'string',
  varchar: 'string',
  bpchar: 'string',
  citext: 'string',
  uuid: 'string',
  inet: 'string',
  interval: 'string',
  int2: 'number',
  int4: 'number',
  int8: 'number',
  float4: 'number',
  float8: 'number',
  numeric: 'number',
  bool: 'boolean',
  timestamptz: 'Timestamp',
  timestamp: 'Timestamp',
  date: 'Timestamp',
  json: 'unknown',
  jsonb: 'unknown',
  bytea: 'Uint8Array',
};

function tsType(c: ColumnRow, generated: boolean): string {
  const array = c.udt_name.startsWith('_');
  const base = SCALARS[array ? c.udt_name.slice(1) : c.udt_name];
  if (!base) throw new Error(`No TypeScript type for ${c.table_name}.${c.column_name} (${c.udt_name})`);
  const type = array ? `${base}[]` : base;
  const nullable = c.is_nullable === 'YES' ? `${type} | null` : type;
  if (!generated) return nullable;
  // Generated<Timestamp> would read as the ColumnType itself, not as a Date: Kysely does not
  // unwrap a ColumnType nested in another.
  if (type === 'Timestamp')
    return c.is_nullable === 'YES' ? 'GeneratedTimestamp | null' : 'GeneratedTimestamp';
  return `Generated<${nullable}>`;
}

const pascal = (name: string): string =>
  name.replace(/(^|_)([a-z0-9])/g, (_, __: string, ch: string) => ch.toUpperCase());

/**
 * The tables every service gets from the platform (ensureOutboxTables): their types are generated
 * once, into @pt/platform (PLATFORM_SCHEMA_FILE), and each service's schema imports them.
 */
const PLATFORM_TABLES = ['outbox', 'processed_events'];

/** Where the platform's generated outbox table types live. */
export const PLATFORM_SCHEMA_FILE = path.join('libs', 'platform', 'src', 'database', 'outbox-schema.ts');

const TIMESTAMP_TYPES = [
  '/** Read as a Date; written as a Date or its ISO text (a date column takes YYYY-MM-DD). */',
  'export type Timestamp = ColumnType<Date, Date | string, Date | string>;',
  '/** A Timestamp with a default: optional on insert. */',
  'export type GeneratedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;',
  '',
];

async function columnsOf(q: Queryable, schema: string): Promise<Map<string, ColumnRow[]>> {
  const { rows } = await q.query<ColumnRow>(
    `SELECT table_name, column_name, data_type, udt_name, is_nullable, column_default, is_identity, is_generated
       FROM information_schema.columns
      WHERE table_schema = $1 AND table_name <> 'schema_migrations'
      ORDER BY table_name, ordinal_position`,
    [schema],
  );
  const tables = new Map<string, ColumnRow[]>();
  for (const row of rows) tables.set(row.table_name, [...(tables.get(row.table_name) ?? []), row]);
  return tables;
}

function tableInterface(table: string, columns: ColumnRow[]): string[] {
  const lines = [`export interface ${pascal(table)}Table {`];
  for (const c of columns) {
    // A default (or identity) makes the column optional on insert.
    const generated = c.column_default !== null || c.is_identity === 'YES' || c.is_generated === 'ALWAYS';
    lines.push(`  ${c.column_name}: ${tsType(c, generated)};`);
  }
  lines.push('}', '');
  return lines;
}

/** The names of `names` that `body` uses, for a header that imports exactly those. */
const usedIn = (body: string, names: string[]): string[] =>
  names.filter((name) => new RegExp(`\\b${name}\\b`).test(body)).sort();

/** A type import as prettier prints it (one name a line past its width). */
function importLine(names: string[], from: string): string {
  const line = `import type { ${names.join(', ')} } from '${from}';`;
  if (line.length <= PRINT_WIDTH) return line;
  return [`import type {`, ...names.map((n) => `  ${n},`), `} from '${from}';`].join('\n');
}
const PRINT_WIDTH = 110;

/**
 * Reads the columns of `schema` and renders them as one interface per table and the `DB` map; the
 * platform's tables are imported from @pt/platform, with the timestamp types.
 */
export async function renderSchemaTypes(q: Queryable, schema: string, source: string): Promise<string> {
  const tables = await columnsOf(q, schema);
  const body: string[] = [];
  for (const [table, columns] of tables)
    if (!PLATFORM_TABLES.includes(table)) body.push(...tableInterface(table, columns));
  body.push('/** The schema as Kysely sees it: tables named schema-qualified, as the SQL does. */');
  body.push('export interface DB {');
  for (const table of tables.keys()) body.push(`  '${schema}.${table}': ${pascal(table)}Table;`);
  body.push('}', '');
  const text = body.join('\n');
  const imports = usedIn(text, [
    'Generated',
    'GeneratedTimestamp',
    'Timestamp',
    ...PLATFORM_TABLES.map((t) => `${pascal(t)}Table`),
  ]);
  return [
    `// Generated by scripts/db-types.mjs from ${source}; do not edit.`,
    '// The columns the migrations leave, as the database port returns them.',
    importLine(imports, '@pt/platform'),
    '',
    text,
  ].join('\n');
}

/** Renders the platform's own tables, as ensureOutboxTables creates them in `schema`. */
export async function renderPlatformSchemaTypes(q: Queryable, schema: string): Promise<string> {
  const tables = await columnsOf(q, schema);
  const body = [...TIMESTAMP_TYPES];
  for (const table of PLATFORM_TABLES) {
    const columns = tables.get(table);
    if (!columns) throw new Error(`ensureOutboxTables created no ${table} table`);
    body.push(...tableInterface(table, columns));
  }
  const text = body.join('\n');
  return [
    '// Generated by scripts/db-types.mjs from ensureOutboxTables (events/outbox.ts); do not edit.',
    "// The tables every service's schema has, and the column types its generated schema uses.",
    importLine(usedIn(text, ['ColumnType', 'Generated']), 'kysely'),
    '',
    text,
  ].join('\n');
}

/**
 * Applies a service's migrations (and the outbox tables every service gets) to a fresh test
 * database and renders the schema they produce. Needs DATABASE_URL naming a test database.
 */
export async function generateSchemaTypes(options: {
  schema: string;
  migrationsDir: string;
  /** How the header names the migrations (a path relative to the repository). */
  source: string;
}): Promise<string> {
  const test = await createTestPostgres();
  try {
    await runMigrations(test.db, { schema: options.schema, dir: options.migrationsDir });
    await ensureOutboxTables(test.db, options.schema);
    return await renderSchemaTypes(test.db, options.schema, options.source);
  } finally {
    await test.drop();
  }
}

/** The generated text of the platform's outbox tables, and the committed file it must equal. */
export async function platformSchemaTypesOf(
  repoRoot: string,
): Promise<{ file: string; generated: string; committed: string | undefined }> {
  const file = path.join(repoRoot, PLATFORM_SCHEMA_FILE);
  const test = await createTestPostgres();
  try {
    await test.db.query('CREATE SCHEMA IF NOT EXISTS platform_tables');
    await ensureOutboxTables(test.db, 'platform_tables');
    const generated = await renderPlatformSchemaTypes(test.db, 'platform_tables');
    const committed = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined;
    return { file, generated, committed };
  } finally {
    await test.drop();
  }
}

/** The services whose repositories query through generated types. */
export const TYPED_SERVICES = ['pricing', 'wishlist', 'settings', 'catalog', 'auth', 'alert-notifier'];

/** The generated text for a service of services/, and the committed file it must equal. */
export async function schemaTypesOf(
  repoRoot: string,
  service: string,
  migrationsDir = path.join(repoRoot, 'services', service, 'migrations'),
): Promise<{ file: string; generated: string; committed: string | undefined }> {
  const file = schemaTypesFile(path.join(repoRoot, 'services', service));
  const generated = await generateSchemaTypes({
    schema: service.replace(/-/g, '_'),
    migrationsDir,
    source: `services/${service}/migrations`,
  });
  const committed = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined;
  return { file, generated, committed };
}
