import { Controller, Inject } from '@nestjs/common';
import type { PriceHistoryRequestQuery } from '@pt/contracts';
import { productIdProblem } from '@pt/domain';
import { AppError, Caller, Endpoint, Input, type VerifiedUser } from '@pt/platform';
import { PriceHistoryService, type PriceHistoryView } from '../services/price-history.service';

@Controller()
export class PriceHistoryController {
  constructor(@Inject(PriceHistoryService) private readonly history: PriceHistoryService) {}

  /** Public; a signed-in caller (gateway-verified) also sees their own lookups. */
  @Endpoint('GET /api/v1/products/{id}/price-history')
  async priceHistory(
    @Input('params') { id }: { id: string },
    // The marketplace is optional: the id usually says it (spec §5 detection).
    @Input('query') { marketplace, days, currency }: PriceHistoryRequestQuery,
    @Caller() user: VerifiedUser | undefined,
  ): Promise<PriceHistoryView> {
    const problem = productIdProblem(id);
    if (problem) throw AppError.badRequest(problem, undefined, 'invalid_product_id');
    return this.history.view(id, {
      days,
      ...(currency ? { currency } : {}),
      ...(marketplace ? { marketplace } : {}),
      ...(user ? { userId: user.id } : {}),
    });
  }
}
