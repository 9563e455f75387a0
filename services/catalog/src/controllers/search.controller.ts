import { Controller, Get, UseGuards, UseInterceptors, Query } from '@nestjs/common';
import { SearchRequestSchema, type SearchRequest, type SearchResponse } from '@pt/contracts/catalog-api';
import { ZodPipe } from '@pt/platform';
import { z } from 'zod';
import { SearchService } from '../services/search.service';
import { ClientLimitGuard } from './client-limit.guard';
import { SpenderInterceptor } from './spender.interceptor';

/**
 * `limit` — the list endpoints' name for how many products to answer — is read as `pageSize` on the
 * search-shaped endpoints (/search, /categories/:slug), so a client using one name everywhere is not
 * silently given the default page size. `pageSize` wins when both are given.
 */
function limitAsPageSize(query: unknown): unknown {
  if (typeof query !== 'object' || query === null || !('limit' in query)) return query;
  const { limit, ...rest } = query as Record<string, unknown>;
  return 'pageSize' in rest ? rest : { ...rest, pageSize: limit };
}

export const SearchQuerySchema = z.preprocess(limitAsPageSize, SearchRequestSchema);

/** Every route here can cost marketplace calls: limited per client. */
@UseGuards(ClientLimitGuard)
@UseInterceptors(SpenderInterceptor)
@Controller('api/v1/search')
export class SearchController {
  constructor(private readonly search: SearchService) {}

  @Get()
  find(@Query(new ZodPipe(SearchQuerySchema, 'query')) query: SearchRequest): Promise<SearchResponse> {
    return this.search.search(query);
  }
}
