import { Controller, Req } from '@nestjs/common';
import type { Request } from 'express';
import type {
  MonitoringEventsQuery,
  MonitoringEventsResponse,
  MonitoringReportAccepted,
} from '@pt/contracts';
import { Caller, Endpoint, Input, type VerifiedUser } from '@pt/platform';
import { monitoringClientKey } from '../monitoring/client-key';
import { MonitoringService } from '../monitoring/monitoring.service';

/** §3 monitoring events from browsers: anyone may report, signed in or not. */
@Controller()
export class MonitoringIntakeController {
  constructor(private readonly monitoring: MonitoringService) {}

  /** The use case checks the body: its rate limit and size limit answer before the shape. */
  @Endpoint('POST /api/v1/monitoring/events', { bodyCheckedByUseCase: true })
  async report(
    @Req() req: Request,
    @Caller() user: VerifiedUser | undefined,
    @Input('body') body: unknown,
  ): Promise<MonitoringReportAccepted> {
    // A refusal's Retry-After is set by the error filter (AppError.retryAfter).
    await this.monitoring.report(monitoringClientKey(req, user), user, body);
    return { accepted: true };
  }
}

/** The reported events for the admin area; admin only (ARCHITECTURE §6): 401 anonymous, 403 others. */
@Controller()
export class AdminMonitoringController {
  constructor(private readonly monitoring: MonitoringService) {}

  @Endpoint('GET /api/v1/admin/monitoring/events')
  list(@Input('query') query: MonitoringEventsQuery): Promise<MonitoringEventsResponse> {
    return this.monitoring.list(query);
  }
}
