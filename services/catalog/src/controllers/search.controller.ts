import { Controller, UseGuards, UseInterceptors } from '@nestjs/common';
import type { SearchRequest, SearchResponse } from '@pt/contracts/catalog-api';
import { Endpoint, Input } from '@pt/platform';
import { SearchService } from '../services/search.service';
import { ClientLimitGuard } from './client-limit.guard';
import { SpenderInterceptor } from './spender.interceptor';

/** Every route here can cost marketplace calls: limited per client. */
@UseGuards(ClientLimitGuard)
@UseInterceptors(SpenderInterceptor)
@Controller()
export class SearchController {
  constructor(private readonly search: SearchService) {}

  @Endpoint('GET /api/v1/search')
  find(@Input('query') query: SearchRequest): Promise<SearchResponse> {
    return this.search.search(query);
  }
}
