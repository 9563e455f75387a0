import { Controller, Inject } from '@nestjs/common';
import type { HistoryDealsQuery, HistoryDealsResponse } from '@pt/contracts';
import { Endpoint, Input } from '@pt/platform';
import { HistoryDealsService } from '../services/history-deals.service';

/** Public: listing histories are public, and so is which listings sit below their own median. */
@Controller()
export class HistoryDealsController {
  constructor(@Inject(HistoryDealsService) private readonly service: HistoryDealsService) {}

  @Endpoint('GET /api/v1/price-deals')
  deals(@Input('query') query: HistoryDealsQuery): Promise<HistoryDealsResponse> {
    return this.service.deals(query);
  }
}
