import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, sql, typedQueries, type Database } from '@pt/platform';
import type { DB } from './schema';

/** The settings the catalog follows, as last announced by `settings.changed`. */
@Injectable()
export class SettingsProjectionRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** Keeps the newest value: a redelivered or late older event does not overwrite a newer one. */
  async save(key: string, value: unknown, changedAt: string): Promise<void> {
    await typedQueries<DB>(this.db)
      .insertInto('catalog.settings_projection')
      .values({ key, value: sql`${JSON.stringify(value ?? null)}::jsonb`, changed_at: changedAt })
      .onConflict((c) =>
        c
          .column('key')
          .doUpdateSet((eb) => ({
            value: eb.ref('excluded.value'),
            changed_at: eb.ref('excluded.changed_at'),
          }))
          .where(sql<boolean>`settings_projection.changed_at <= EXCLUDED.changed_at`),
      )
      .execute();
  }

  async get(key: string): Promise<{ value: unknown } | undefined> {
    return typedQueries<DB>(this.db)
      .selectFrom('catalog.settings_projection')
      .select('value')
      .where('key', '=', key)
      .executeTakeFirst();
  }
}
