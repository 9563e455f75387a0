import { Controller, Get, Headers, Inject, Param, Query } from '@nestjs/common';
import { PriceHistoryRequestQuerySchema } from '@pt/contracts';
import { productIdProblem } from '@pt/domain';
import { AppError, parseRequest, verifiedUser } from '@pt/platform';
import { PriceHistoryService, type PriceHistoryView } from '../services/price-history.service';

@Controller('api/v1/products')
export class PriceHistoryController {
  constructor(@Inject(PriceHistoryService) private readonly history: PriceHistoryService) {}

  /** Public; a signed-in caller (gateway-verified headers) also sees their own lookups. */
  @Get(':id/price-history')
  async priceHistory(
    @Param('id') id: string,
    @Query() query: unknown,
    @Headers() headers: Record<string, string | string[] | undefined>,
  ): Promise<PriceHistoryView> {
    const problem = productIdProblem(id);
    if (problem) throw AppError.badRequest(problem, undefined, 'invalid_product_id');
    // The marketplace is optional: the id usually says it (spec §5 detection).
    const { marketplace, days, currency } = parseRequest(PriceHistoryRequestQuerySchema, query, 'query');
    const user = verifiedUser(headers);
    return this.history.view(id, {
      days,
      ...(currency ? { currency } : {}),
      ...(marketplace ? { marketplace } : {}),
      ...(user ? { userId: user.id } : {}),
    });
  }
}
