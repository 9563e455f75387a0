import { Controller, Get, Headers } from '@nestjs/common';
import type { AdminMetricsResponse } from '@pt/contracts';
import { requireAdmin } from '@pt/platform';
import { ApiMetricsService } from '../services/api-metrics.service';

/** Admin API usage; admin only: 401 anonymous, 403 others. */
@Controller('api/v1/admin/metrics')
export class AdminMetricsController {
  constructor(private readonly metrics: ApiMetricsService) {}

  @Get()
  get(@Headers() headers: Record<string, string | string[] | undefined>): Promise<AdminMetricsResponse> {
    requireAdmin(headers);
    return this.metrics.metrics();
  }
}
