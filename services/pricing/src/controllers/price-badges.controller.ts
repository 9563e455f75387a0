import { Controller, Inject } from '@nestjs/common';
import type { PriceBadgesRequest, PriceBadgesResponse } from '@pt/contracts';
import { Endpoint, Input } from '@pt/platform';
import { PriceBadgesService } from '../services/price-badges.service';

/** Public: a listing's price history is public, and so is how a price compares with it. */
@Controller()
export class PriceBadgesController {
  constructor(@Inject(PriceBadgesService) private readonly service: PriceBadgesService) {}

  /** A read: answers 200 (the entry's status), not 201. */
  @Endpoint('POST /api/v1/price-badges')
  async badges(@Input('body') { listings }: PriceBadgesRequest): Promise<PriceBadgesResponse> {
    return { badges: await this.service.badges(listings) };
  }
}
