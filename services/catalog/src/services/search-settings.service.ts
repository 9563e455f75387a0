import { Inject, Injectable } from '@nestjs/common';
import { DEFAULT_MAX_SEARCH_RESULTS, SETTING_KEYS, parseMaxSearchResults } from '@pt/domain';
import { CLOCK, type Clock } from '@pt/platform';
import { SettingsProjectionRepository } from '../repositories/settings-projection.repository';

/** How long a read of the projection is reused; replicas see a change within this time. */
export const SETTINGS_REFRESH_MS = 5_000;

/**
 * max_search_results (§3, default 100) as the settings service last announced it. The value lives
 * in the catalog's projection table, not only in memory: with several catalog replicas in one
 * consumer group, each `settings.changed` reaches only one of them, and the others read the table.
 */
@Injectable()
export class SearchSettingsService {
  private cached?: { value: number; readAt: number };

  constructor(
    private readonly projection: SettingsProjectionRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async maxSearchResults(): Promise<number> {
    const now = this.clock.now().getTime();
    if (this.cached && now - this.cached.readAt < SETTINGS_REFRESH_MS) return this.cached.value;
    let value = this.cached?.value ?? DEFAULT_MAX_SEARCH_RESULTS;
    try {
      const row = await this.projection.get(SETTING_KEYS.maxSearchResults);
      value = row ? parseMaxSearchResults(row.value) : DEFAULT_MAX_SEARCH_RESULTS;
    } catch {
      // A failed read keeps the last known value: searches go on with it.
    }
    this.cached = { value, readAt: now };
    return value;
  }

  /** Called by the consumer after it stored a change, so this replica applies it at once. */
  async applyChange(key: string, value: unknown, changedAt: string): Promise<void> {
    if (key !== SETTING_KEYS.maxSearchResults) return;
    await this.projection.save(key, value, changedAt);
    this.cached = undefined;
  }
}
