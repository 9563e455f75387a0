// `migrate`: applies every service's migrations (and outbox tables) to DATABASE_URL, then exits.
// `migrate --after-restore`, once after pg_restore and before the services start, also marks every
// outbox row for relaying again (docs/operations.md, "Backups and restore").
// Run as a Job or an init step before a rollout (k8s/base/migrate-job.yaml, compose `migrate`).
// Services still check at start-up under the same advisory lock (a no-op once this ran); the
// pricing workers never migrate, they wait for the schema.
import {
  createLogger,
  ensureOutboxTables,
  PostgresDatabase,
  relayOutboxAgain,
  runMigrations,
  schemaOf,
} from '@pt/platform';
import { SERVICES } from './embedded';

/** The image's entrypoint passes its arguments on (`docker run price-tracker migrate --after-restore`). */
const afterRestore = process.argv.includes('--after-restore');

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is required: migrate runs against Postgres');
  const logger = createLogger({ service: 'migrate', level: process.env.LOG_LEVEL ?? 'info' });
  const db = new PostgresDatabase({ url, applicationName: 'migrate' });
  try {
    for (const definition of SERVICES) {
      const schema = schemaOf(definition);
      const applied = await runMigrations(db, { schema, dir: definition.migrationsDir });
      await ensureOutboxTables(db, schema);
      logger.info({ schema, applied }, applied.length > 0 ? 'migrations applied' : 'schema up to date');
      if (afterRestore) {
        const marked = await relayOutboxAgain(db, schema);
        logger.info({ schema, marked }, 'outbox rows marked for relaying again after a restore');
      }
    }
  } finally {
    await db.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`migrate failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
