import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { Topics, settingEventKey, type SettingsChangedPayload, type SystemSetting } from '@pt/contracts';
import {
  DEFAULT_SYSTEM_SETTINGS,
  checkSettingValue,
  defaultSettingDescription,
  isPublicOnWrite,
} from '@pt/domain';
import {
  AppError,
  DATABASE,
  LOGGER,
  addToOutbox,
  createEnvelope,
  type Database,
  type Logger,
  type Queryable,
} from '@pt/platform';
import {
  SETTINGS_SCHEMA,
  SystemSettingsRepository,
  type StoredSetting,
} from '../repositories/system-settings.repository';

const publicView = ({ revision: _revision, ...row }: StoredSetting): SystemSetting => row;

/**
 * §7 system_settings reads and writes. Reads fail soft as §8 says (logged, empty fallbacks); a
 * write either stores the row and its settings.changed event together or does nothing.
 */
@Injectable()
export class SettingsService implements OnApplicationBootstrap {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly repository: SystemSettingsRepository,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Seeds the defaults on first start, then announces every row (see announce). */
  async onApplicationBootstrap(): Promise<void> {
    await this.seedDefaults();
    await this.announce();
  }

  /** §8: a read failure is logged and answers {} — the public loader never gets a 500. */
  async publicValues(): Promise<Record<string, unknown>> {
    try {
      return await this.repository.publicValues();
    } catch (error) {
      this.logger.error({ err: error }, 'public settings read failed');
      return {};
    }
  }

  /** §8: [] on a read failure. */
  async all(): Promise<SystemSetting[]> {
    try {
      return (await this.repository.all()).map(publicView);
    } catch (error) {
      this.logger.error({ err: error }, 'settings read failed');
      return [];
    }
  }

  /** §8: null on a read failure; a key that is not stored is a 404. */
  async get(key: string): Promise<SystemSetting | null> {
    let row: StoredSetting | undefined;
    try {
      row = await this.repository.get(key);
    } catch (error) {
      this.logger.error({ err: error, key }, 'setting read failed');
      return null;
    }
    if (!row) throw AppError.notFound(`No setting named ${key}`, 'setting_not_found');
    return publicView(row);
  }

  /**
   * §7 upsert: description defaults to 'Setting for {key}', is_public only for the beta flag (§6).
   * A known key with a value of the wrong type is a 400 naming the key and the type; nothing is
   * written. A failed write is a 503 (§8's "returns false"), never a partial write.
   */
  async put(key: string, value: unknown, description?: string): Promise<SystemSetting> {
    const problem = checkSettingValue(key, value);
    if (problem)
      throw AppError.badRequest(
        `${problem.key} must be ${problem.expected}`,
        problem,
        'invalid_setting_value',
      );
    try {
      const row = await this.db.transaction(async (tx) => {
        const stored = await this.repository.upsert(tx, {
          key,
          value,
          description: description ?? defaultSettingDescription(key),
          isPublic: isPublicOnWrite(key),
        });
        await this.publish(tx, [stored]);
        return stored;
      });
      this.logger.info({ key, revision: row.revision }, 'setting written');
      return publicView(row);
    } catch (error) {
      this.logger.error({ err: error, key }, 'setting write failed');
      throw new AppError(503, 'settings_unavailable', 'The setting could not be saved. Please try again.');
    }
  }

  private async seedDefaults(): Promise<void> {
    await this.db.transaction(async (tx) => {
      const inserted: StoredSetting[] = [];
      for (const [key, value] of Object.entries(DEFAULT_SYSTEM_SETTINGS)) {
        const row = await this.repository.insertIfMissing(tx, {
          key,
          value,
          description: defaultSettingDescription(key),
          isPublic: isPublicOnWrite(key),
        });
        if (row) inserted.push(row);
      }
      if (inserted.length > 0)
        this.logger.info({ keys: inserted.map((r) => r.key) }, 'default settings seeded');
    });
  }

  /**
   * Re-publishes every row with its current revision on start. Consumers that keep state from
   * settings.changed (the gateway's maintenance switch, the catalog's projection) read the topic
   * from what it retains; this keeps the current value of each key in that tail even after the
   * stream was trimmed. Same revision, so the gateway does not push it to browsers again.
   */
  private async announce(): Promise<void> {
    // Read before the transaction: PGlite has one connection, which the transaction holds.
    const rows = await this.repository.all();
    await this.db.transaction(async (tx) => this.publish(tx, rows));
  }

  private async publish(tx: Queryable, rows: StoredSetting[]): Promise<void> {
    const envelopes = rows.map((row) =>
      createEnvelope<SettingsChangedPayload>(Topics.settingsChanged, settingEventKey(row.key), {
        key: row.key,
        value: row.value,
        isPublic: row.is_public,
        revision: row.revision,
        updatedAt: row.updated_at,
      }),
    );
    await addToOutbox(tx, SETTINGS_SCHEMA, Topics.settingsChanged, envelopes);
  }
}
