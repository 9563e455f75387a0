import http from 'node:http';
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

/**
 * Stored global snapshots per listing key ("marketplace:listingId"): observations only. A demo
 * listing's simulated past (source 'demo', written once before its first observation) is no
 * observation, so it neither fills a gap nor counts as a duplicate.
 */
export async function snapshotCounts(db: Database): Promise<Map<string, number>> {
  const { rows } = await db.query<{ key: string; n: number }>(
    `SELECT marketplace || ':' || product_id AS key, count(*)::int AS n
       FROM pricing.global_price_history WHERE source <> 'demo' GROUP BY marketplace, product_id`,
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

export interface KeepAliveAnswer {
  kind: 'complete' | 'cut' | 'refused';
  path: string;
  status?: number;
  /** The answer's Connection header. */
  connection?: string;
  detail?: string;
}

/**
 * Clients that each hold one keep-alive connection to the gateway and ask again as soon as they
 * are answered, the way a busy browser or a load balancer's pool does. Each
 * answer is sorted: `complete` (the whole body arrived: the parser saw its end), `cut` (it began
 * but did not arrive whole) or `refused` (none began: connection refused, or a reused socket
 * closed before the request got there). A refused client stops, as one would try another replica.
 */
export class KeepAliveLoad {
  readonly answers: KeepAliveAnswer[] = [];
  private readonly agents: http.Agent[];
  private loops: Promise<void>[] = [];
  private running = false;

  constructor(
    private readonly port: number,
    private readonly paths: readonly string[],
    clients: number,
  ) {
    this.agents = Array.from({ length: clients }, () => new http.Agent({ keepAlive: true, maxSockets: 1 }));
  }

  count(kind: KeepAliveAnswer['kind']): number {
    return this.answers.filter((a) => a.kind === kind).length;
  }

  summary(): string {
    return `${this.count('complete')} complete, ${this.count('cut')} cut, ${this.count('refused')} refused`;
  }

  start(): void {
    this.running = true;
    this.loops = this.agents.map(async (agent, i) => {
      for (let n = i; this.running; n++) {
        const answer = await this.get(this.paths[n % this.paths.length]!, agent);
        this.answers.push(answer);
        if (answer.kind === 'refused') return;
      }
    });
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.loops);
    for (const agent of this.agents) agent.destroy();
  }

  private get(path: string, agent: http.Agent): Promise<KeepAliveAnswer> {
    return new Promise((resolve) => {
      let settled = false;
      const settle = (answer: Omit<KeepAliveAnswer, 'path'>) => {
        if (settled) return;
        settled = true;
        resolve({ ...answer, path });
      };
      let began = false;
      const req = http.get({ host: '127.0.0.1', port: this.port, path, agent, timeout: 15_000 }, (res) => {
        began = true;
        const seen = { status: res.statusCode, connection: res.headers.connection };
        res.resume();
        res.on('end', () => settle({ kind: 'complete', ...seen }));
        res.on('error', (e) => settle({ kind: 'cut', ...seen, detail: e.message }));
        res.on('close', () =>
          settle(res.complete ? { kind: 'complete', ...seen } : { kind: 'cut', ...seen, detail: 'closed' }),
        );
      });
      req.on('timeout', () => req.destroy(new Error('no answer within 15 s')));
      req.on('error', (e: NodeJS.ErrnoException) =>
        settle(
          !began && (e.code === 'ECONNREFUSED' || e.code === 'ECONNRESET')
            ? { kind: 'refused', detail: e.code }
            : { kind: 'cut', detail: e.code ?? e.message },
        ),
      );
    });
  }
}
