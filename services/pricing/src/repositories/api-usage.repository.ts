import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, sql, typedQueries, type Database, type Queryable } from '@pt/platform';
import type { DB } from './schema';

/** UTC day of an instant, as the api_usage key. */
export const usageDay = (at: Date): string => at.toISOString().slice(0, 10);

/** pricing.api_usage: marketplace calls per UTC day, summed over every worker process. */
@Injectable()
export class ApiUsageRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async add(marketplace: string, at: Date, calls: number, q: Queryable = this.db): Promise<void> {
    if (calls <= 0) return;
    await typedQueries<DB>(q)
      .insertInto('pricing.api_usage')
      .values({ marketplace, day: usageDay(at), calls })
      .onConflict((c) =>
        c.columns(['marketplace', 'day']).doUpdateSet((eb) => ({
          calls: eb('pricing.api_usage.calls', '+', eb.ref('excluded.calls')),
        })),
      )
      .execute();
  }

  async callsOn(at: Date): Promise<Map<string, number>> {
    const rows = await typedQueries<DB>(this.db)
      .selectFrom('pricing.api_usage')
      .select(['marketplace', 'calls'])
      .where('day', '=', sql<Date>`${usageDay(at)}::date`)
      .execute();
    return new Map(rows.map((r) => [r.marketplace, r.calls]));
  }
}
