import { Controller, Inject, UseGuards, UseInterceptors } from '@nestjs/common';
import type {
  CategoriesResponse,
  CategoryResponse,
  DealsRequest,
  MarketplaceResponse,
  ProductListRequest,
  ProductListResponse,
  SearchRequest,
} from '@pt/contracts/catalog-api';
import type { MarketplaceId } from '@pt/domain';
import { AppError, Endpoint, Input } from '@pt/platform';
import { CATEGORY_SLUGS, findCategory } from '../services/categories';
import { DiscoveryService } from '../services/discovery.service';
import type { PricingClient } from '../services/pricing.client';
import { SearchService } from '../services/search.service';
import { ClientLimitGuard } from './client-limit.guard';
import { SpenderInterceptor } from './spender.interceptor';
import { PRICING } from '../tokens';

/** Deals, trending, new arrivals, categories and marketplace pages. */
/** Every route here can cost marketplace calls: limited per client. */
@UseGuards(ClientLimitGuard)
@UseInterceptors(SpenderInterceptor)
@Controller()
export class BrowseController {
  constructor(
    private readonly discovery: DiscoveryService,
    private readonly search: SearchService,
    @Inject(PRICING) private readonly badges: PricingClient,
  ) {}

  /** Every list of cards carries their good-price badges, as a search page does. */
  private async withBadges<R extends ProductListResponse>(list: Promise<R>): Promise<R> {
    const answer = await list;
    return { ...answer, products: await this.badges.withBadges(answer.products) };
  }

  /** With badges already: Deals reads them to leave fake sales out. */
  @Endpoint('GET /api/v1/deals')
  deals(@Input('query') query: DealsRequest): Promise<ProductListResponse> {
    return this.discovery.deals(query);
  }

  @Endpoint('GET /api/v1/trending')
  trending(@Input('query') query: ProductListRequest): Promise<ProductListResponse> {
    return this.withBadges(this.discovery.trending(query));
  }

  @Endpoint('GET /api/v1/new-arrivals')
  newArrivals(@Input('query') query: ProductListRequest): Promise<ProductListResponse> {
    return this.withBadges(this.discovery.newArrivals(query));
  }

  @Endpoint('GET /api/v1/categories')
  async categories(): Promise<CategoriesResponse> {
    return { categories: await this.discovery.categories() };
  }

  /** A category's products: a search restricted to it (q, filters, sort and paging apply). */
  @Endpoint('GET /api/v1/categories/{slug}')
  async category(
    @Input('params') { slug }: { slug: string },
    @Input('query') query: SearchRequest,
  ): Promise<CategoryResponse> {
    const category = findCategory(slug);
    if (!category)
      throw new AppError(404, 'category_not_found', 'Category not found', { validValues: CATEGORY_SLUGS });
    const [result, categories] = await Promise.all([
      this.search.search(query, { category }),
      this.discovery.categories(),
    ]);
    return {
      ...result,
      category: categories.find((c) => c.slug === category.slug) as CategoriesResponse['categories'][number],
    };
  }

  @Endpoint('GET /api/v1/marketplaces/{marketplace}')
  marketplace(
    @Input('params') params: { marketplace: MarketplaceId },
    @Input('query') query: ProductListRequest,
  ): Promise<MarketplaceResponse> {
    return this.withBadges(this.discovery.marketplace(params.marketplace, query));
  }
}
