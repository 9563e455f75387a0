import {
  Inject,
  Injectable,
  Optional,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import {
  backfillInstants,
  DEFAULT_DEMO_SEED,
  DEMO_CREDENTIALS,
  DemoCatalog,
  type DemoProduct,
} from '@pt/demo-marketplaces';
import { listingIdOf, type MarketplaceId } from '@pt/domain';
import { CLOCK, LOGGER, type Clock, type Logger } from '@pt/platform';
import { z } from 'zod';
import { DemoHistoryRepository } from '../repositories/demo-history.repository';
import { listingId, type ListingKey } from '../repositories/price-snapshots.repository';
import { DEMO_HISTORY_CONFIG } from '../tokens';
import type { Observation } from './observation';

type DemoMarketplaceId = 'ebay' | 'aliexpress';

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);

/** What pricing reads to know it runs next to the demo marketplaces (the hosts set the first two). */
export const demoHistoryEnvShape = {
  /** The marketplaces the demo servers stand in for, comma-separated (set by the hosts). */
  DEMO_MARKETPLACES: z.string().optional(),
  /** The demo catalog's seed (the hosts pass it on; default price-tracker). */
  DEMO_SEED: z.string().optional(),
  /**
   * seen (default): a demo listing gets its simulated past when pricing first hears of it;
   * all: every listing of the demo catalog, in the background from the start; off: never.
   */
  DEMO_HISTORY_BACKFILL: z.preprocess(emptyToUndefined, z.enum(['seen', 'all', 'off']).default('seen')),
};

export interface DemoHistoryConfig {
  seed: string;
  marketplaces: DemoMarketplaceId[];
  mode: 'seen' | 'all';
  /** Tests only: a smaller demo catalog. The hosts' demo marketplaces sell the default size. */
  catalogSize?: number;
}

/**
 * Whether (and for which marketplaces) the demo's simulated history is written. Never in
 * production (NODE_ENV=production), never with the backfill off, and only for a marketplace the
 * hosts say the demo serves AND whose configured credentials are the demo's own: real credentials
 * for a marketplace mean its listings are real, and a simulated past would be a lie about them.
 */
export function demoHistoryConfig(
  env: Record<string, unknown>,
  nodeEnv: string | undefined,
): DemoHistoryConfig | undefined {
  if (nodeEnv === 'production') return undefined;
  const parsed = z.object(demoHistoryEnvShape).safeParse(env);
  if (!parsed.success || parsed.data.DEMO_HISTORY_BACKFILL === 'off') return undefined;
  const named = new Set((parsed.data.DEMO_MARKETPLACES ?? '').split(',').map((m) => m.trim()));
  const demoCredentials: Record<DemoMarketplaceId, boolean> = {
    ebay:
      env.EBAY_CLIENT_ID === DEMO_CREDENTIALS.ebay.clientId &&
      env.EBAY_CLIENT_SECRET === DEMO_CREDENTIALS.ebay.clientSecret,
    aliexpress:
      env.ALIEXPRESS_APP_KEY === DEMO_CREDENTIALS.aliexpress.appKey &&
      env.ALIEXPRESS_APP_SECRET === DEMO_CREDENTIALS.aliexpress.appSecret,
  };
  const marketplaces = (['ebay', 'aliexpress'] as const).filter((m) => named.has(m) && demoCredentials[m]);
  if (marketplaces.length === 0) return undefined;
  return {
    seed: parsed.data.DEMO_SEED?.trim() || DEFAULT_DEMO_SEED,
    marketplaces,
    mode: parsed.data.DEMO_HISTORY_BACKFILL,
  };
}

/** Demo listings are listed in USD (the demo servers' sellers' currency). */
const DEMO_LISTING_CURRENCY = 'USD';
/** The start-up sweep's page of listings. */
const SWEEP_PAGE = 200;

export interface BackfillReport {
  listings: number;
  points: number;
  ms: number;
}

/**
 * The simulated past of the demo listings (issue "a demo that looks real offline"): a listing of
 * the demo marketplaces gets the year before pricing first heard of it, sampled from the demo's
 * own price function (the same one the demo servers answer live, pins aside): daily points, every
 * 6 hours for the last 30 days, source 'demo'. Written straight into the history, never through the
 * recorder, so no point of it is a price.changed (no alert, no email); the listing's first live
 * observation is then its first snapshot, with nothing to compare against.
 *
 * When: before the first observation of a listing is recorded (so the page that caused it finds
 * the year when it finds its lookup), and at start-up for listings seen earlier but never
 * backfilled (an older data directory, or a crash between the two). DEMO_HISTORY_BACKFILL=all
 * instead sweeps the whole demo catalog in the background.
 */
@Injectable()
export class DemoHistoryBackfill implements OnApplicationBootstrap, OnModuleDestroy {
  private catalogCache?: DemoCatalog;
  /** Listings known to be backfilled (or not demo listings at all): no query for them again. */
  private readonly settled = new Set<string>();
  private sweep?: Promise<void>;
  private stopped = false;

  constructor(
    @Optional() @Inject(DEMO_HISTORY_CONFIG) private readonly config: DemoHistoryConfig | undefined,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly repository: DemoHistoryRepository,
    @Optional() @Inject(LOGGER) private readonly logger?: Logger,
  ) {}

  get enabled(): boolean {
    return this.config !== undefined;
  }

  onApplicationBootstrap(): void {
    if (!this.config) return;
    // In the background: readiness never waits on it, and the consumer backfills what it needs.
    this.sweep = this.sweepOnce().then(
      (report) => {
        if (report.listings > 0)
          this.logger?.info(report, `demo history: backfilled ${report.listings} listings`);
      },
      (error: unknown) =>
        this.logger?.warn({ err: error }, 'demo history sweep failed; retried at next start'),
    );
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    await this.sweep;
  }

  /** Waits for the start-up sweep (tests, bench). */
  async idle(): Promise<void> {
    await this.sweep;
  }

  /**
   * Before observations are recorded: every demo listing among them that has no simulated past yet
   * gets one, ending before its first observation here. A failure is logged, never thrown: the
   * observation is recorded anyway, and the next start's sweep backfills the listing.
   */
  async beforeRecording(observations: readonly Observation[]): Promise<void> {
    const config = this.config;
    if (!config) return;
    const firstSeen = new Map<string, { key: ListingKey; at: Date }>();
    for (const o of observations) {
      if (!config.marketplaces.includes(o.marketplace as DemoMarketplaceId)) continue;
      const key = { productId: o.productId, marketplace: o.marketplace };
      const id = listingId(key);
      if (this.settled.has(id)) continue;
      const seen = firstSeen.get(id);
      if (!seen || o.observedAt < seen.at) firstSeen.set(id, { key, at: o.observedAt });
    }
    if (firstSeen.size === 0) return;
    try {
      const done = await this.repository.backfilled([...firstSeen.values()].map((s) => s.key));
      for (const [id, { key, at }] of firstSeen) {
        if (done.has(id)) this.settled.add(id);
        else await this.backfillListing(key, at);
      }
    } catch (error) {
      this.logger?.warn({ err: error }, 'demo history backfill failed; the next start retries it');
    }
  }

  /**
   * Before badges are answered: a badges request counts as seeing the listings it names (a search
   * page's cards), so every demo listing among them without a simulated past gets one now, ending
   * now, all in one transaction. That is what gives the first search answer of a fresh demo its
   * badges. A failure is logged, never thrown: the badges are answered from what is stored.
   */
  async beforeBadges(keys: readonly ListingKey[]): Promise<void> {
    const config = this.config;
    if (!config) return;
    const unseen = new Map<string, { key: ListingKey; product: DemoProduct }>();
    for (const key of keys) {
      if (!config.marketplaces.includes(key.marketplace as DemoMarketplaceId)) continue;
      const id = listingId(key);
      if (this.settled.has(id) || unseen.has(id)) continue;
      const product = this.demoProduct(key);
      if (product) unseen.set(id, { key, product });
      else this.settled.add(id);
    }
    if (unseen.size === 0) return;
    const catalog = this.catalog();
    const now = this.clock.now();
    try {
      const started = Date.now();
      const report = await this.repository.backfillMany(
        [...unseen.values()].map((u) => u.key),
        {
          seed: config.seed,
          currency: DEMO_LISTING_CURRENCY,
          until: now,
          now,
          points: (key, end) => {
            const product = unseen.get(listingId(key))?.product;
            return product
              ? backfillInstants(end.getTime()).map((t) => ({
                  at: new Date(t),
                  price: catalog.simulatedPriceAt(product.key, t),
                }))
              : [];
          },
        },
      );
      for (const id of unseen.keys()) this.settled.add(id);
      if (report.listings > 0)
        this.logger?.info(
          { ...report, ms: Date.now() - started },
          `demo history: backfilled ${report.listings} listings named by a badges request`,
        );
    } catch (error) {
      this.logger?.warn({ err: error }, 'demo history backfill failed; the next request retries it');
    }
  }

  /** The start-up pass: seen-but-not-backfilled listings, or (mode all) the whole demo catalog. */
  async sweepOnce(): Promise<BackfillReport> {
    const config = this.config;
    const started = Date.now();
    const report = { listings: 0, points: 0, ms: 0 };
    if (!config) return report;
    const now = this.clock.now();
    const add = (points: number) => {
      if (points > 0) {
        report.listings++;
        report.points += points;
      }
    };
    if (config.mode === 'seen') {
      const keys = await this.repository.seenNotBackfilled(config.marketplaces, 50_000);
      for (const key of keys) {
        if (this.stopped) break;
        add(await this.backfillListing(key, now));
      }
    } else {
      const keys = this.catalog()
        .products.filter((p) => config.marketplaces.includes(p.marketplace))
        .map((p) => ({ productId: demoListingId(p), marketplace: p.marketplace }));
      for (let i = 0; i < keys.length && !this.stopped; i += SWEEP_PAGE) {
        const page = keys.slice(i, i + SWEEP_PAGE);
        const done = await this.repository.backfilled(page);
        for (const key of page) {
          if (this.stopped) break;
          if (!done.has(listingId(key))) add(await this.backfillListing(key, now));
        }
        // Minutes on PGlite: say how far it got, so a long first start is not a silent one.
        if ((i / SWEEP_PAGE) % 5 === 4)
          this.logger?.info(
            { ...report, ms: Date.now() - started, of: keys.length, at: i + page.length },
            'demo history: backfilling the demo catalog',
          );
      }
    }
    report.ms = Date.now() - started;
    return report;
  }

  private async backfillListing(key: ListingKey, until: Date): Promise<number> {
    const id = listingId(key);
    const product = this.demoProduct(key);
    if (!product || !this.config) {
      this.settled.add(id);
      return 0;
    }
    const catalog = this.catalog();
    const points = await this.repository.backfill(key, {
      seed: this.config.seed,
      currency: DEMO_LISTING_CURRENCY,
      until,
      now: this.clock.now(),
      points: (end) =>
        backfillInstants(end.getTime()).map((t) => ({
          at: new Date(t),
          price: catalog.simulatedPriceAt(product.key, t),
        })),
    });
    this.settled.add(id);
    return points;
  }

  /** The demo catalog's product this listing is, if it is one (a variation parent is not). */
  private demoProduct(key: ListingKey): DemoProduct | undefined {
    const product = this.catalog().get(key.productId);
    return product && product.marketplace === key.marketplace && demoListingId(product) === key.productId
      ? product
      : undefined;
  }

  /** Built on first use: 6,000 products take a few tens of milliseconds, not worth a slower start. */
  private catalog(): DemoCatalog {
    this.catalogCache ??= new DemoCatalog({
      seed: this.config?.seed ?? DEFAULT_DEMO_SEED,
      size: this.config?.catalogSize,
    });
    return this.catalogCache;
  }
}

/** The listing id pricing keys a demo product by (ARCHITECTURE §6 listing identity). */
export function demoListingId(product: DemoProduct): string {
  return listingIdOf(product.marketplace as MarketplaceId, product.itemId ?? product.key);
}
