import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { PriceBadgesRequestSchema, type PriceBadgesResponse } from '@pt/contracts';
import { parseRequest } from '@pt/platform';
import { PriceBadgesService } from '../services/price-badges.service';

/** Public: a listing's price history is public, and so is how a price compares with it. */
@Controller('api/v1/price-badges')
export class PriceBadgesController {
  constructor(@Inject(PriceBadgesService) private readonly service: PriceBadgesService) {}

  /** A read: answers 200, not 201. */
  @Post()
  @HttpCode(200)
  async badges(@Body() body: unknown): Promise<PriceBadgesResponse> {
    const { listings } = parseRequest(PriceBadgesRequestSchema, body, 'body');
    return { badges: await this.service.badges(listings) };
  }
}
