import { Controller, Get, Query } from '@nestjs/common';
import { SearchRequestSchema, type SearchRequest, type SearchResponse } from '@pt/contracts/catalog-api';
import { ZodPipe } from '@pt/platform';
import { SearchService } from '../services/search.service';

@Controller('api/v1/search')
export class SearchController {
  constructor(private readonly search: SearchService) {}

  @Get()
  find(@Query(new ZodPipe(SearchRequestSchema, 'query')) query: SearchRequest): Promise<SearchResponse> {
    return this.search.search(query);
  }
}
