import { Controller, Get, Inject, UseGuards, UseInterceptors, Param, Query } from '@nestjs/common';
import {
  DealsRequestSchema,
  MarketplaceParamSchema,
  ProductListRequestSchema,
  type CategoriesResponse,
  type CategoryResponse,
  type DealsRequest,
  type MarketplaceResponse,
  type ProductListRequest,
  type ProductListResponse,
  type SearchRequest,
} from '@pt/contracts/catalog-api';
import type { MarketplaceId } from '@pt/domain';
import { AppError, ZodPipe } from '@pt/platform';
import { CATEGORY_SLUGS, findCategory } from '../services/categories';
import { DiscoveryService } from '../services/discovery.service';
import type { PricingClient } from '../services/pricing.client';
import { SearchService } from '../services/search.service';
import { SearchQuerySchema } from './search.controller';
import { ClientLimitGuard } from './client-limit.guard';
import { SpenderInterceptor } from './spender.interceptor';
import { PRICING } from '../tokens';

const listQuery = new ZodPipe(ProductListRequestSchema, 'query');
const dealsQuery = new ZodPipe(DealsRequestSchema, 'query');

/** Deals, trending, new arrivals, categories and marketplace pages. */
/** Every route here can cost marketplace calls: limited per client. */
@UseGuards(ClientLimitGuard)
@UseInterceptors(SpenderInterceptor)
@Controller('api/v1')
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
  @Get('deals')
  deals(@Query(dealsQuery) query: DealsRequest): Promise<ProductListResponse> {
    return this.discovery.deals(query);
  }

  @Get('trending')
  trending(@Query(listQuery) query: ProductListRequest): Promise<ProductListResponse> {
    return this.withBadges(this.discovery.trending(query));
  }

  @Get('new-arrivals')
  newArrivals(@Query(listQuery) query: ProductListRequest): Promise<ProductListResponse> {
    return this.withBadges(this.discovery.newArrivals(query));
  }

  @Get('categories')
  async categories(): Promise<CategoriesResponse> {
    return { categories: await this.discovery.categories() };
  }

  /** A category's products: a search restricted to it (q, filters, sort and paging apply). */
  @Get('categories/:slug')
  async category(
    @Param('slug') slug: string,
    @Query(new ZodPipe(SearchQuerySchema, 'query')) query: SearchRequest,
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

  @Get('marketplaces/:marketplace')
  marketplace(
    @Param(new ZodPipe(MarketplaceParamSchema, 'path parameters')) params: { marketplace: MarketplaceId },
    @Query(listQuery) query: ProductListRequest,
  ): Promise<MarketplaceResponse> {
    return this.withBadges(this.discovery.marketplace(params.marketplace, query));
  }
}
