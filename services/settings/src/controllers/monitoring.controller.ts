import { Body, Controller, Get, Headers, HttpCode, Post, Query, Req } from '@nestjs/common';
import type { Request } from 'express';
import {
  MonitoringEventsQuerySchema,
  type MonitoringEventsQuery,
  type MonitoringEventsResponse,
  type MonitoringReportAccepted,
} from '@pt/contracts';
import { ZodPipe, requireAdmin, verifiedUser } from '@pt/platform';
import { monitoringClientKey } from '../monitoring/client-key';
import { MonitoringService } from '../monitoring/monitoring.service';

type HeaderBag = Record<string, string | string[] | undefined>;

/** §3 monitoring events from browsers: anyone may report, signed in or not. */
@Controller('api/v1/monitoring/events')
export class MonitoringIntakeController {
  constructor(private readonly monitoring: MonitoringService) {}

  @Post()
  @HttpCode(202)
  async report(@Req() req: Request, @Body() body: unknown): Promise<MonitoringReportAccepted> {
    const user = verifiedUser(req.headers);
    // A refusal's Retry-After is set by the error filter (AppError.retryAfter).
    await this.monitoring.report(monitoringClientKey(req, user), user, body);
    return { accepted: true };
  }
}

/** The reported events for the admin area; admin only (ARCHITECTURE §6): 401 anonymous, 403 others. */
@Controller('api/v1/admin/monitoring/events')
export class AdminMonitoringController {
  constructor(private readonly monitoring: MonitoringService) {}

  @Get()
  list(@Headers() headers: HeaderBag, @Query() query: unknown): Promise<MonitoringEventsResponse> {
    requireAdmin(headers);
    const parsed: MonitoringEventsQuery = new ZodPipe(MonitoringEventsQuerySchema, 'query').transform(query);
    return this.monitoring.list(parsed);
  }
}
