import { Controller, Get, Req } from '@nestjs/common';
import type { GeoResponse } from '@pt/contracts/catalog-api';
import type { Request } from 'express';
import { clientIp } from '../services/client-ip';
import { GeoService } from '../services/geo.service';

@Controller('api/v1/geo')
export class GeoController {
  constructor(private readonly geo: GeoService) {}

  @Get()
  locate(@Req() req: Request): Promise<GeoResponse> {
    return this.geo.locate(clientIp(req));
  }
}
