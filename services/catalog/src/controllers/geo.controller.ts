import { Controller, Req } from '@nestjs/common';
import type { GeoResponse } from '@pt/contracts/catalog-api';
import { Endpoint } from '@pt/platform';
import type { Request } from 'express';
import { clientIp } from '../services/client-ip';
import { GeoService } from '../services/geo.service';

@Controller()
export class GeoController {
  constructor(private readonly geo: GeoService) {}

  @Endpoint('GET /api/v1/geo')
  locate(@Req() req: Request): Promise<GeoResponse> {
    return this.geo.locate(clientIp(req));
  }
}
