import { Inject, Injectable } from '@nestjs/common';
import {
  SearchRequestSchema,
  type AlsoOnListing,
  type AlsoOnResponse,
  type CatalogProduct,
} from '@pt/contracts/catalog-api';
import {
  DEFAULT_REGION_ID,
  HOUR_MS,
  LIVE_MARKETPLACES,
  MARKETPLACE_NAMES,
  landedTotal,
  matchListings,
  roundMoney,
  titleAttributes,
  type RegionId,
} from '@pt/domain';
import { CLOCK, LOGGER, type Clock, type Logger } from '@pt/platform';
import {
  ProductMatchesRepository,
  type MatchedListing,
  type ProductMatches,
} from '../repositories/product-matches.repository';
import { PRICING } from '../tokens';
import type { PricingClient } from './pricing.client';
import { ProductLookupService } from './product-lookup.service';
import { regionCurrency } from './region-currency';
import { SearchService } from './search.service';

/** How long a product's matches answer before the marketplaces are searched again. */
export const PRODUCT_MATCH_TTL_MS = 6 * HOUR_MS;

/** Candidates read per marketplace: one search page; a match is near the top of a model search. */
const CANDIDATES_PER_MARKETPLACE = 20;

/**
 * The search that finds a listing's twins elsewhere: its brand (when the marketplace gave one) and
 * its model numbers. Undefined without a model number: the matching rule cannot reach its threshold
 * on such a title (the words alone do not tell a product from its successor), so nothing is asked.
 */
export function matchQuery(product: Pick<CatalogProduct, 'title' | 'identifiers'>): string | undefined {
  const models = [...titleAttributes(product.title).variants.model];
  if (models.length === 0) return undefined;
  const brand = product.identifiers?.brand?.trim();
  return [...(brand ? [brand] : []), ...models].join(' ');
}

/**
 * GET /products/:id/also-on: the same product on the other live marketplaces. Candidates come from
 * the catalog's own search (its per-process search cache and the marketplaces' budgets apply) for
 * the listing's brand and model numbers; only those the domain's matching rule accepts are kept
 * (never below MATCH_THRESHOLD, never another variant). The match is stored per product and region
 * for PRODUCT_MATCH_TTL_MS; a search that failed answers `partial` and is not stored. Landed totals
 * and sparklines are in the shopper's region currency; badges and sparklines are read from pricing
 * on every answer (they move with each observation, the match does not).
 */
@Injectable()
export class AlsoOnService {
  constructor(
    private readonly lookup: ProductLookupService,
    private readonly search: SearchService,
    private readonly matches: ProductMatchesRepository,
    @Inject(PRICING) private readonly pricing: PricingClient,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async alsoOn(rawId: string, region: RegionId = DEFAULT_REGION_ID): Promise<AlsoOnResponse> {
    // Only the product is needed: the page's own read records the view.
    const answer = await this.lookup.lookup(rawId, { region, record: false });
    const { product } = answer;
    const currency = regionCurrency(region);
    const found: ProductMatches & { partial: boolean } = answer.isPlaceholder
      ? { listings: [], matchedAt: this.clock.now(), partial: true }
      : await this.matchesOf(product, region);
    const listings = await this.decorated(found.listings, currency);
    return {
      productId: product.id,
      currency,
      landed: roundMoney(landedTotal(product, currency)),
      listings: listings.sort((a, b) => a.landed - b.landed),
      partial: found.partial,
      matchedAt: found.matchedAt.toISOString(),
    };
  }

  private async matchesOf(
    product: CatalogProduct,
    region: RegionId,
  ): Promise<ProductMatches & { partial: boolean }> {
    const now = this.clock.now();
    const stored = await this.matches.find(product.id, region);
    if (stored && now.getTime() - stored.matchedAt.getTime() < PRODUCT_MATCH_TTL_MS)
      return { ...stored, partial: false };
    const query = matchQuery(product);
    const others = LIVE_MARKETPLACES.filter((m) => m !== product.marketplace);
    const searched = query
      ? await Promise.all(others.map((marketplace) => this.candidates(query, marketplace, region)))
      : [];
    const partial = searched.some((s) => s === undefined);
    const source = { title: product.title, identifiers: product.identifiers };
    const seen = new Set<string>();
    const listings: MatchedListing[] = [];
    for (const candidate of searched.flatMap((s) => s ?? [])) {
      if (seen.has(candidate.id)) continue;
      seen.add(candidate.id);
      const verdict = matchListings(source, { title: candidate.title, identifiers: candidate.identifiers });
      // A badge is read fresh on every answer; the stored copy would only go stale.
      const { priceBadge: _badge, ...stable } = candidate;
      if (verdict.match) listings.push({ product: stable, confidence: verdict.confidence });
    }
    const found = { listings, matchedAt: now };
    if (!partial) await this.matches.save(product.id, region, found);
    return { ...found, partial };
  }

  /** One marketplace's search answer for the query, or undefined when it could not be searched. */
  private async candidates(
    q: string,
    marketplace: (typeof LIVE_MARKETPLACES)[number],
    region: RegionId,
  ): Promise<CatalogProduct[] | undefined> {
    try {
      const answer = await this.search.search(
        SearchRequestSchema.parse({ q, marketplace, region, pageSize: CANDIDATES_PER_MARKETPLACE }),
      );
      if (answer.partial) return undefined;
      return answer.products.filter((p) => p.marketplace === marketplace);
    } catch (error) {
      this.logger.warn({ marketplace, err: error }, 'also-on: a marketplace could not be searched');
      return undefined;
    }
  }

  /** The matches as rows: landed totals and sparklines in `currency`, badges from pricing now. */
  private async decorated(listings: readonly MatchedListing[], currency: string): Promise<AlsoOnListing[]> {
    const products = await this.pricing.withBadges(listings.map((l) => l.product));
    const sparklines = await Promise.all(products.map((p) => this.pricing.sparkline(p, currency)));
    return products.flatMap((p, i) => {
      if (!p.marketplace) return [];
      return [
        {
          productId: p.id,
          marketplace: p.marketplace,
          marketplaceName: p.marketplaceName ?? MARKETPLACE_NAMES[p.marketplace],
          title: p.title,
          ...(p.url ? { url: p.url } : {}),
          ...(p.image ? { image: p.image } : {}),
          price: p.price,
          shippingCost: p.shippingCost ?? 0,
          currency: p.currency,
          shipping: p.shipping ?? '',
          landed: roundMoney(landedTotal(p, currency)),
          confidence: listings[i]?.confidence ?? 0,
          ...(p.priceBadge ? { priceBadge: p.priceBadge } : {}),
          sparkline: sparklines[i] ?? [],
        },
      ];
    });
  }
}
