import { Controller } from '@nestjs/common';
import type { AdminMetricsResponse } from '@pt/contracts';
import { Endpoint } from '@pt/platform';
import { ApiMetricsService } from '../services/api-metrics.service';

/** Admin API usage; admin only (the entry's access): 401 anonymous, 403 others. */
@Controller()
export class AdminMetricsController {
  constructor(private readonly metrics: ApiMetricsService) {}

  @Endpoint('GET /api/v1/admin/metrics')
  get(): Promise<AdminMetricsResponse> {
    return this.metrics.metrics();
  }
}
