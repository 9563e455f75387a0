import { Controller, Get, Inject, UseGuards, UseInterceptors, Headers, Param, Query } from '@nestjs/common';
import {
  ProductListRequestSchema,
  type AlsoOnResponse,
  type ProductListRequest,
  type ProductListResponse,
  type ProductResponse,
} from '@pt/contracts/catalog-api';
import { AppError, ZodPipe, verifiedUser } from '@pt/platform';
import { AlsoOnService } from '../services/also-on.service';
import { DiscoveryService } from '../services/discovery.service';
import type { PricingClient } from '../services/pricing.client';
import { ProductLookupService } from '../services/product-lookup.service';
import { PRICING } from '../tokens';
import { ClientLimitGuard } from './client-limit.guard';
import { SpenderInterceptor } from './spender.interceptor';

type HeaderBag = Record<string, string | string[] | undefined>;

/** Every route here can cost marketplace calls: limited per client. */
@UseGuards(ClientLimitGuard)
@UseInterceptors(SpenderInterceptor)
@Controller('api/v1/products')
export class ProductsController {
  constructor(
    private readonly lookup: ProductLookupService,
    private readonly discovery: DiscoveryService,
    private readonly also: AlsoOnService,
    @Inject(PRICING) private readonly badges: PricingClient,
  ) {}

  /** `/products` and `/products/` name no product: the same 400 as an empty id. */
  @Get()
  missingId(): never {
    throw AppError.badRequest('Product id is required', undefined, 'invalid_product_id');
  }

  @Get(':id')
  async find(
    @Param('id') id: string,
    @Query(new ZodPipe(ProductListRequestSchema.pick({ region: true }), 'query'))
    query: Pick<ProductListRequest, 'region'>,
    @Headers() headers: HeaderBag,
  ): Promise<ProductResponse> {
    // The gateway verified the user; the observation carries it so pricing writes their history row.
    const answer = await this.lookup.lookup(id, { region: query.region, userId: verifiedUser(headers)?.id });
    if (answer.isPlaceholder) return answer;
    // The badge beside the price, by the same rule and request as a search card's.
    const [product] = await this.badges.withBadges([answer.product]);
    return { ...answer, product: product ?? answer.product };
  }

  /** The same product on the other marketplaces, cheapest landed first (docs/architecture.md). */
  @Get(':id/also-on')
  alsoOn(
    @Param('id') id: string,
    @Query(new ZodPipe(ProductListRequestSchema.pick({ region: true }), 'query'))
    query: Pick<ProductListRequest, 'region'>,
  ): Promise<AlsoOnResponse> {
    return this.also.alsoOn(id, query.region);
  }

  @Get(':id/related')
  async related(
    @Param('id') id: string,
    @Query(new ZodPipe(ProductListRequestSchema, 'query')) query: ProductListRequest,
  ): Promise<ProductListResponse> {
    const answer = await this.discovery.related(id, query);
    return { ...answer, products: await this.badges.withBadges(answer.products) };
  }
}
