import { Controller } from '@nestjs/common';
import type { PricingStatusResponse, RecentGlobalPrices, RecentGlobalPricesQuery } from '@pt/contracts';
import { productIdProblem } from '@pt/domain';
import { AppError, Endpoint, Input } from '@pt/platform';
import { PriceHistoryService } from '../services/price-history.service';
import { PricingStatusService } from '../services/pricing-status.service';

/** The operator's view of the pipeline; admins only (ARCHITECTURE §6, the entries' access). */
@Controller()
export class AdminStatusController {
  constructor(
    private readonly statusService: PricingStatusService,
    private readonly history: PriceHistoryService,
  ) {}

  @Endpoint('GET /api/v1/admin/pricing/status')
  async status(): Promise<PricingStatusResponse> {
    return this.statusService.status();
  }

  /** Spec §7's debug read of global_price_history, for an operator checking what was recorded. */
  @Endpoint('GET /api/v1/admin/pricing/products/{id}/recent-prices')
  async recentPrices(
    @Input('params') { id }: { id: string },
    @Input('query') { marketplace }: RecentGlobalPricesQuery,
  ): Promise<RecentGlobalPrices> {
    const problem = productIdProblem(id);
    if (problem) throw AppError.badRequest(problem, undefined, 'invalid_product_id');
    return this.history.recentGlobal(id, marketplace);
  }
}
