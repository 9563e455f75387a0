import { Inject, Injectable } from '@nestjs/common';
import type { SystemSetting } from '@pt/contracts';
import { DATABASE, sql, typedQueries, type Database, type Queryable, type Selectable } from '@pt/platform';
import type { DB, SystemSettingsTable } from './schema';

export const SETTINGS_SCHEMA = 'settings';

export interface StoredSetting extends SystemSetting {
  revision: number;
}

function toSetting(row: Selectable<SystemSettingsTable>): StoredSetting {
  return {
    key: row.key,
    value: row.value,
    description: row.description,
    is_public: row.is_public,
    updated_at: row.updated_at.toISOString(),
    revision: row.revision,
  };
}

/** A value as its jsonb column takes it (the text of its JSON). */
const jsonb = (value: unknown) => sql<unknown>`${JSON.stringify(value)}::jsonb`;

/** §7 system_settings calls. */
@Injectable()
export class SystemSettingsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** §7 key → value of the is_public rows. */
  async publicValues(): Promise<Record<string, unknown>> {
    const rows = await typedQueries<DB>(this.db)
      .selectFrom('settings.system_settings')
      .select(['key', 'value'])
      .where('is_public', '=', true)
      .orderBy('key')
      .execute();
    return Object.fromEntries(rows.map((r) => [r.key, r.value]));
  }

  /** §7 all fields, ordered by key. */
  async all(): Promise<StoredSetting[]> {
    const rows = await typedQueries<DB>(this.db)
      .selectFrom('settings.system_settings')
      .selectAll()
      .orderBy('key')
      .execute();
    return rows.map(toSetting);
  }

  async get(key: string): Promise<StoredSetting | undefined> {
    const row = await typedQueries<DB>(this.db)
      .selectFrom('settings.system_settings')
      .selectAll()
      .where('key', '=', key)
      .executeTakeFirst();
    return row && toSetting(row);
  }

  /** §7 upsert conflicting on key; every write takes a new revision. */
  async upsert(
    tx: Queryable,
    row: { key: string; value: unknown; description: string; isPublic: boolean },
  ): Promise<StoredSetting> {
    const stored = await typedQueries<DB>(tx)
      .insertInto('settings.system_settings')
      .values({
        key: row.key,
        value: jsonb(row.value),
        description: row.description,
        is_public: row.isPublic,
        updated_at: sql<Date>`now()`,
        revision: sql<number>`nextval('settings.system_settings_revision')`,
      })
      .onConflict((c) =>
        c.column('key').doUpdateSet((eb) => ({
          value: eb.ref('excluded.value'),
          description: eb.ref('excluded.description'),
          is_public: eb.ref('excluded.is_public'),
          updated_at: eb.ref('excluded.updated_at'),
          revision: eb.ref('excluded.revision'),
        })),
      )
      .returningAll()
      .executeTakeFirstOrThrow();
    return toSetting(stored);
  }

  /** Inserts a row only if its key is missing (defaults); returns it when it was inserted. */
  async insertIfMissing(
    tx: Queryable,
    row: { key: string; value: unknown; description: string; isPublic: boolean },
  ): Promise<StoredSetting | undefined> {
    const inserted = await typedQueries<DB>(tx)
      .insertInto('settings.system_settings')
      .values({
        key: row.key,
        value: jsonb(row.value),
        description: row.description,
        is_public: row.isPublic,
      })
      .onConflict((c) => c.column('key').doNothing())
      .returningAll()
      .executeTakeFirst();
    return inserted && toSetting(inserted);
  }
}
