import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type Database } from '@pt/platform';
import { CATALOG_SCHEMA } from './products-cache.repository';

const TABLE = `"${CATALOG_SCHEMA}".settings_projection`;

/** The settings the catalog follows, as last announced by `settings.changed`. */
@Injectable()
export class SettingsProjectionRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** Keeps the newest value: a redelivered or late older event does not overwrite a newer one. */
  async save(key: string, value: unknown, changedAt: string): Promise<void> {
    await this.db.query(
      `INSERT INTO ${TABLE} (key, value, changed_at) VALUES ($1, $2::jsonb, $3)
       ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, changed_at = EXCLUDED.changed_at
       WHERE settings_projection.changed_at <= EXCLUDED.changed_at`,
      [key, JSON.stringify(value ?? null), changedAt],
    );
  }

  async get(key: string): Promise<{ value: unknown } | undefined> {
    const { rows } = await this.db.query<{ value: unknown }>(`SELECT value FROM ${TABLE} WHERE key = $1`, [
      key,
    ]);
    return rows[0];
  }
}
