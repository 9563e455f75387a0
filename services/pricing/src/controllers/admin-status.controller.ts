import { Controller, Get, Headers } from '@nestjs/common';
import type { PricingStatusResponse } from '@pt/contracts';
import { requireAdmin } from '@pt/platform';
import { PricingStatusService } from '../services/pricing-status.service';

/** The operator's view of the pipeline (issue 5 item 5); admins only (ARCHITECTURE §6). */
@Controller('api/v1/admin/pricing')
export class AdminStatusController {
  constructor(private readonly statusService: PricingStatusService) {}

  @Get('status')
  async status(
    @Headers() headers: Record<string, string | string[] | undefined>,
  ): Promise<PricingStatusResponse> {
    requireAdmin(headers);
    return this.statusService.status();
  }
}
