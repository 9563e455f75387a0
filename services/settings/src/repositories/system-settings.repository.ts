import { Inject, Injectable } from '@nestjs/common';
import type { SystemSetting } from '@pt/contracts';
import { DATABASE, type Database, type Queryable } from '@pt/platform';

export const SETTINGS_SCHEMA = 'settings';
const TABLE = `"${SETTINGS_SCHEMA}".system_settings`;
const SEQUENCE = `"${SETTINGS_SCHEMA}".system_settings_revision`;

export interface StoredSetting extends SystemSetting {
  revision: number;
}

interface Row {
  key: string;
  value: unknown;
  description: string;
  is_public: boolean;
  updated_at: Date | string;
  revision: number | string;
}

const COLUMNS = 'key, value, description, is_public, updated_at, revision';

function toSetting(row: Row): StoredSetting {
  return {
    key: row.key,
    value: row.value,
    description: row.description,
    is_public: row.is_public,
    updated_at: new Date(row.updated_at).toISOString(),
    revision: Number(row.revision),
  };
}

/** §7 system_settings calls. */
@Injectable()
export class SystemSettingsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** §7 key → value of the is_public rows. */
  async publicValues(): Promise<Record<string, unknown>> {
    const { rows } = await this.db.query<Pick<Row, 'key' | 'value'>>(
      `SELECT key, value FROM ${TABLE} WHERE is_public ORDER BY key`,
    );
    return Object.fromEntries(rows.map((r) => [r.key, r.value]));
  }

  /** §7 all fields, ordered by key. */
  async all(): Promise<StoredSetting[]> {
    const { rows } = await this.db.query<Row>(`SELECT ${COLUMNS} FROM ${TABLE} ORDER BY key`);
    return rows.map(toSetting);
  }

  async get(key: string): Promise<StoredSetting | undefined> {
    const { rows } = await this.db.query<Row>(`SELECT ${COLUMNS} FROM ${TABLE} WHERE key = $1`, [key]);
    return rows[0] && toSetting(rows[0]);
  }

  /** §7 upsert conflicting on key; every write takes a new revision. */
  async upsert(
    tx: Queryable,
    row: { key: string; value: unknown; description: string; isPublic: boolean },
  ): Promise<StoredSetting> {
    const { rows } = await tx.query<Row>(
      `INSERT INTO ${TABLE} (key, value, description, is_public, updated_at, revision)
       VALUES ($1, $2::jsonb, $3, $4, now(), nextval('${SEQUENCE}'))
       ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, description = EXCLUDED.description,
         is_public = EXCLUDED.is_public, updated_at = EXCLUDED.updated_at, revision = EXCLUDED.revision
       RETURNING ${COLUMNS}`,
      [row.key, JSON.stringify(row.value), row.description, row.isPublic],
    );
    return toSetting(rows[0]);
  }

  /** Inserts a row only if its key is missing (defaults); returns it when it was inserted. */
  async insertIfMissing(
    tx: Queryable,
    row: { key: string; value: unknown; description: string; isPublic: boolean },
  ): Promise<StoredSetting | undefined> {
    const { rows } = await tx.query<Row>(
      `INSERT INTO ${TABLE} (key, value, description, is_public) VALUES ($1, $2::jsonb, $3, $4)
       ON CONFLICT (key) DO NOTHING RETURNING ${COLUMNS}`,
      [row.key, JSON.stringify(row.value), row.description, row.isPublic],
    );
    return rows[0] && toSetting(rows[0]);
  }
}
