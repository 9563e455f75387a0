import { DemoCatalog } from '@pt/demo-marketplaces';
import { listingKeyOf, type MarketplaceId } from '@pt/domain';
import type { Database } from '@pt/platform';

/** The load comes from one address; the per-client limits are not what is under test. */
export const UNLIMITED_CLIENT = {
  CATALOG_CLIENT_BURST: '1000000',
  CATALOG_CLIENT_PER_MINUTE: '1000000',
  GATEWAY_RATE_LIMIT_IP_PER_MINUTE: '1000000',
  GATEWAY_RATE_LIMIT_USER_PER_MINUTE: '1000000',
};

export interface Lookup {
  id: string;
  marketplace: MarketplaceId;
}

/** Demo listings, each looked up once: its first observation is always stored (a new listing). */
export function* demoLookups(): Generator<Lookup> {
  // The hosts' demo marketplaces use this seed unless DEMO_SEED says otherwise (demo-marketplaces.ts).
  const catalog = new DemoCatalog({ seed: 'price-tracker' });
  for (const product of catalog.products) {
    if (product.marketplace === 'ebay' && product.itemId) yield { id: product.itemId, marketplace: 'ebay' };
    if (product.marketplace === 'aliexpress')
      yield { id: `aliexpress_${product.key}`, marketplace: 'aliexpress' };
  }
}

export interface Violation {
  id: string;
  status: number | string;
  body?: string;
}

/**
 * A steady stream of product lookups through the gateway. Each answer is sorted: 200 (the
 * observation must be recorded), 503 or 429 with Retry-After (allowed while a dependency or the
 * limit says so), connection refused (the gateway itself is down), or a violation — any other
 * 5xx, a 503/429 without Retry-After, anything unexpected, or no answer within 15 s.
 */
export class LoadRunner {
  readonly ok: Lookup[] = [];
  readonly violations: Violation[] = [];
  unavailable = 0;
  refused = 0;
  /** 200s without a price (the §4 placeholder): not an observation, so not counted as ok. */
  placeholders = 0;
  private running = false;
  private loops: Promise<void>[] = [];

  constructor(
    private readonly baseUrl: () => string,
    private readonly lookups: Iterator<Lookup>,
    private readonly concurrency = 2,
  ) {}

  summary(): string {
    return `${this.ok.length} ok, ${this.placeholders} placeholders, ${this.unavailable} 503/429, ${this.refused} refused, ${this.violations.length} violations`;
  }

  start(): void {
    this.running = true;
    this.loops = Array.from({ length: this.concurrency }, () => this.loop());
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.loops);
  }

  private async loop(): Promise<void> {
    while (this.running) {
      const next = this.lookups.next();
      if (next.done) return;
      await this.lookup(next.value);
      // A steady stream, not a flood: the machine has two cores for every process of the system.
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  private async lookup(lookup: Lookup): Promise<void> {
    let res: Response;
    try {
      res = await fetch(`${this.baseUrl()}/api/v1/products/${encodeURIComponent(lookup.id)}`, {
        signal: AbortSignal.timeout(15_000),
      });
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code;
      if (cause === 'ECONNREFUSED' || cause === 'ECONNRESET' || cause === 'UND_ERR_SOCKET') this.refused++;
      else this.violations.push({ id: lookup.id, status: cause ?? String(error) });
      return;
    }
    const body = await res.text();
    if (res.status === 200) {
      const { product } = JSON.parse(body) as { product?: { price?: number } };
      if ((product?.price ?? 0) > 0) this.ok.push(lookup);
      else this.placeholders++;
    } else if ((res.status === 503 || res.status === 429) && res.headers.get('retry-after'))
      this.unavailable++;
    else this.violations.push({ id: lookup.id, status: res.status, body: body.slice(0, 300) });
  }
}

/** Stored global snapshots per listing key ("marketplace:listingId"). */
export async function snapshotCounts(db: Database): Promise<Map<string, number>> {
  const { rows } = await db.query<{ key: string; n: number }>(
    `SELECT marketplace || ':' || product_id AS key, count(*)::int AS n
       FROM pricing.global_price_history GROUP BY marketplace, product_id`,
  );
  return new Map(rows.map((r) => [r.key, r.n]));
}

/** price.changed events written more than once for the same change. */
export async function duplicatePriceChanges(db: Database): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (
       SELECT envelope->'payload'->>'productId', envelope->'payload'->>'marketplace', envelope->'payload'->>'observedAt'
         FROM pricing.outbox WHERE topic = 'price.changed' GROUP BY 1, 2, 3 HAVING count(*) > 1) d`,
  );
  return rows[0]?.n ?? 0;
}

/**
 * Lookups answered 200 whose observation is not (yet) stored, and listings stored more often than
 * once — or than `expected` says for a listing whose price moved (e.g. 2 for one pinned drop).
 */
export async function recordingGaps(
  db: Database,
  ok: Lookup[],
  expected: ReadonlyMap<string, number> = new Map(),
): Promise<{ missing: string[]; duplicated: string[] }> {
  const counts = await snapshotCounts(db);
  const missing = ok.map((l) => listingKeyOf(l.marketplace, l.id)).filter((key) => !counts.has(key));
  const duplicated = [...counts].filter(([key, n]) => n > (expected.get(key) ?? 1)).map(([key]) => key);
  return { missing, duplicated };
}
