import { Controller, Inject, UseGuards, UseInterceptors } from '@nestjs/common';
import type {
  AlsoOnResponse,
  ProductListRequest,
  ProductListResponse,
  ProductResponse,
} from '@pt/contracts/catalog-api';
import { AppError, Caller, Endpoint, Input, type VerifiedUser } from '@pt/platform';
import { AlsoOnService } from '../services/also-on.service';
import { DiscoveryService } from '../services/discovery.service';
import type { PricingClient } from '../services/pricing.client';
import { ProductLookupService } from '../services/product-lookup.service';
import { PRICING } from '../tokens';
import { ClientLimitGuard } from './client-limit.guard';
import { SpenderInterceptor } from './spender.interceptor';

type RegionQuery = Pick<ProductListRequest, 'region'>;

/** Every route here can cost marketplace calls: limited per client. */
@UseGuards(ClientLimitGuard)
@UseInterceptors(SpenderInterceptor)
@Controller()
export class ProductsController {
  constructor(
    private readonly lookup: ProductLookupService,
    private readonly discovery: DiscoveryService,
    private readonly also: AlsoOnService,
    @Inject(PRICING) private readonly badges: PricingClient,
  ) {}

  /** `/products` and `/products/` name no product: the same 400 as an empty id. */
  @Endpoint('GET /api/v1/products')
  missingId(): never {
    throw AppError.badRequest('Product id is required', undefined, 'invalid_product_id');
  }

  @Endpoint('GET /api/v1/products/{id}')
  async find(
    @Input('params') { id }: { id: string },
    @Input('query') query: RegionQuery,
    @Caller() user: VerifiedUser | undefined,
  ): Promise<ProductResponse> {
    // The gateway verified the user; the observation carries it so pricing writes their history row.
    const answer = await this.lookup.lookup(id, { region: query.region, userId: user?.id });
    if (answer.isPlaceholder) return answer;
    // The badge beside the price, by the same rule and request as a search card's.
    const [product] = await this.badges.withBadges([answer.product]);
    return { ...answer, product: product ?? answer.product };
  }

  /** The same product on the other marketplaces, cheapest landed first (docs/architecture.md). */
  @Endpoint('GET /api/v1/products/{id}/also-on')
  alsoOn(
    @Input('params') { id }: { id: string },
    @Input('query') query: RegionQuery,
  ): Promise<AlsoOnResponse> {
    return this.also.alsoOn(id, query.region);
  }

  @Endpoint('GET /api/v1/products/{id}/related')
  async related(
    @Input('params') { id }: { id: string },
    @Input('query') query: ProductListRequest,
  ): Promise<ProductListResponse> {
    const answer = await this.discovery.related(id, query);
    return { ...answer, products: await this.badges.withBadges(answer.products) };
  }
}
