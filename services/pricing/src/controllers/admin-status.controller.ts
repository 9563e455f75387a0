import { Controller, Get, Headers, Param, Query } from '@nestjs/common';
import {
  RecentGlobalPricesQuerySchema,
  type PricingStatusResponse,
  type RecentGlobalPrices,
} from '@pt/contracts';
import { productIdProblem } from '@pt/domain';
import { AppError, parseRequest, requireAdmin } from '@pt/platform';
import { PriceHistoryService } from '../services/price-history.service';
import { PricingStatusService } from '../services/pricing-status.service';

type RequestHeaders = Record<string, string | string[] | undefined>;

/** The operator's view of the pipeline; admins only (ARCHITECTURE §6). */
@Controller('api/v1/admin/pricing')
export class AdminStatusController {
  constructor(
    private readonly statusService: PricingStatusService,
    private readonly history: PriceHistoryService,
  ) {}

  @Get('status')
  async status(@Headers() headers: RequestHeaders): Promise<PricingStatusResponse> {
    requireAdmin(headers);
    return this.statusService.status();
  }

  /** Spec §7's debug read of global_price_history, for an operator checking what was recorded. */
  @Get('products/:id/recent-prices')
  async recentPrices(
    @Param('id') id: string,
    @Query() query: unknown,
    @Headers() headers: RequestHeaders,
  ): Promise<RecentGlobalPrices> {
    requireAdmin(headers);
    const problem = productIdProblem(id);
    if (problem) throw AppError.badRequest(problem, undefined, 'invalid_product_id');
    const { marketplace } = parseRequest(RecentGlobalPricesQuerySchema, query, 'query');
    return this.history.recentGlobal(id, marketplace);
  }
}
