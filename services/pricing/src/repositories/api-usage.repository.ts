import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type Database, type Queryable } from '@pt/platform';

/** UTC day of an instant, as the api_usage key. */
export const usageDay = (at: Date): string => at.toISOString().slice(0, 10);

/** pricing.api_usage: marketplace calls per UTC day, summed over every worker process. */
@Injectable()
export class ApiUsageRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async add(marketplace: string, at: Date, calls: number, q: Queryable = this.db): Promise<void> {
    if (calls <= 0) return;
    await q.query(
      `INSERT INTO pricing.api_usage AS u (marketplace, day, calls) VALUES ($1, $2, $3)
       ON CONFLICT (marketplace, day) DO UPDATE SET calls = u.calls + EXCLUDED.calls`,
      [marketplace, usageDay(at), calls],
    );
  }

  async callsOn(at: Date): Promise<Map<string, number>> {
    const { rows } = await this.db.query<{ marketplace: string; calls: number }>(
      `SELECT marketplace, calls FROM pricing.api_usage WHERE day = $1`,
      [usageDay(at)],
    );
    return new Map(rows.map((r) => [r.marketplace, Number(r.calls)]));
  }
}
