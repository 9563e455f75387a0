import { Controller, Get, Inject, Query } from '@nestjs/common';
import { HistoryDealsQuerySchema, type HistoryDealsResponse } from '@pt/contracts';
import { parseRequest } from '@pt/platform';
import { HistoryDealsService } from '../services/history-deals.service';

/** Public: listing histories are public, and so is which listings sit below their own median. */
@Controller('api/v1/price-deals')
export class HistoryDealsController {
  constructor(@Inject(HistoryDealsService) private readonly service: HistoryDealsService) {}

  @Get()
  deals(@Query() query: unknown): Promise<HistoryDealsResponse> {
    return this.service.deals(parseRequest(HistoryDealsQuerySchema, query, 'query'));
  }
}
