import { Inject, Injectable } from '@nestjs/common';
import {
  MONITORING_REPORT_MAX_BYTES,
  MonitoringReportSchema,
  type MonitoringEventsQuery,
  type MonitoringEventsResponse,
} from '@pt/contracts';
import { MONITORING } from '@pt/domain';
import {
  AppError,
  CLOCK,
  LOGGER,
  RATE_LIMITER,
  parseRequest,
  type Clock,
  type Logger,
  type RateLimiter,
  type VerifiedUser,
} from '@pt/platform';
import { SETTINGS_CONFIG, type SettingsConfig } from '../config';
import { MonitoringEventsRepository } from '../repositories/monitoring-events.repository';
import { redactRecord, redactString } from './redact';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/** Spec §8's wording for a limit. */
export const RATE_LIMITED_MESSAGE = 'Too many requests. Please wait before trying again.';

/**
 * The client monitoring intake and its admin view (§3 Monitoring event). A report
 * is counted against its client first (so floods of bad reports cost too), then size-checked,
 * validated, stripped of anything that looks like a credential, and stored with the retention.
 */
@Injectable()
export class MonitoringService {
  private warnedAt = -Infinity;

  constructor(
    private readonly events: MonitoringEventsRepository,
    @Inject(RATE_LIMITER) private readonly limiter: RateLimiter,
    @Inject(SETTINGS_CONFIG) private readonly config: SettingsConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async report(client: string, user: VerifiedUser | undefined, body: unknown): Promise<void> {
    await this.countAgainst(client);
    if (Buffer.byteLength(JSON.stringify(body ?? null), 'utf8') > MONITORING_REPORT_MAX_BYTES)
      throw new AppError(
        413,
        'payload_too_large',
        `A monitoring event may be at most ${MONITORING_REPORT_MAX_BYTES} bytes`,
      );
    const event = parseRequest(MonitoringReportSchema, body, 'monitoring event');
    const now = this.clock.now();
    await this.events.insertAndPrune(
      {
        type: redactString(event.type),
        component: redactString(event.component),
        severity: event.severity,
        details: redactRecord(event.details),
        context: redactRecord(event.context),
        reportedAt: event.timestamp,
        receivedAt: now,
        userId: user?.id ?? null,
      },
      {
        maxRows: this.config.MONITORING_EVENTS_MAX,
        before: new Date(now.getTime() - this.config.MONITORING_EVENTS_RETENTION_DAYS * DAY_MS),
      },
    );
  }

  async list(query: MonitoringEventsQuery): Promise<MonitoringEventsResponse> {
    const since = new Date(this.clock.now().getTime() - MONITORING.healthWindowMs);
    const [events, bySeverity] = await Promise.all([
      this.events.newest(query.limit, query.severity),
      this.events.countsSince(since),
    ]);
    const total = Object.values(bySeverity).reduce((sum, n) => sum + n, 0);
    return { events, summary: { windowMs: MONITORING.healthWindowMs, total, bySeverity } };
  }

  private async countAgainst(client: string): Promise<void> {
    let decision;
    try {
      decision = await this.limiter.hit(
        `monitoring:client:${client}`,
        this.config.MONITORING_EVENTS_PER_MINUTE,
        MINUTE_MS,
      );
    } catch (error) {
      // A broken counter lets reports through: the row cap still bounds what is stored.
      const now = Date.now();
      if (now - this.warnedAt >= MINUTE_MS) {
        this.logger.warn({ err: error }, 'monitoring rate limiter failed; letting reports through');
        this.warnedAt = now;
      }
      return;
    }
    if (!decision.allowed)
      throw new AppError(429, 'rate_limited', RATE_LIMITED_MESSAGE, {
        retryAfterMs: Math.max(1000, Math.ceil(decision.retryAfterMs / 1000) * 1000),
      }).retryAfter(decision.retryAfterMs);
  }
}
