import { Inject, Injectable } from '@nestjs/common';
import { AppError, CLOCK, DATABASE, type Clock, type Database } from '@pt/platform';
import { AlertsRepository } from '../repositories/alerts.repository';
import { publishTracking } from './tracking-events';
import { UnsubscribeTokens } from './unsubscribe-tokens.service';

/** One-click unsubscribe (RFC 8058): a valid link turns its one alert off, without signing in. */
@Injectable()
export class UnsubscribeService {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly tokens: UnsubscribeTokens,
    private readonly alerts: AlertsRepository,
  ) {}

  /** What the link would turn off, when the token is good: the alert's title and whether it is on. */
  async peek(token: string): Promise<{ productTitle: string; active: boolean }> {
    const alertId = await this.verified(token);
    const alert = await this.alerts.findById(this.db, alertId);
    return { productTitle: alert?.productTitle ?? '', active: alert?.isActive ?? false };
  }

  async unsubscribe(token: string): Promise<{ productTitle: string }> {
    const alertId = await this.verified(token);
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      const alert = await this.alerts.findById(tx, alertId, true);
      if (!alert) return { productTitle: '' };
      if (alert.isActive) {
        await this.alerts.setActive(tx, alert.id, false, now);
        await publishTracking(tx, alert, false, now);
      }
      return { productTitle: alert.productTitle };
    });
  }

  private async verified(token: string): Promise<string> {
    const alertId = await this.tokens.verify(token);
    if (!alertId) throw AppError.badRequest('This unsubscribe link is not valid', undefined, 'invalid_token');
    return alertId;
  }
}
