import { Inject, Injectable } from '@nestjs/common';
import { AppError, CLOCK, DATABASE, type Clock, type Database } from '@pt/platform';
import { AlertMembersRepository } from '../repositories/alert-members.repository';
import { AlertsRepository } from '../repositories/alerts.repository';
import { trackAlert } from './tracking-events';
import type { AlertRow } from '../repositories/alerts.repository';
import { UnsubscribeTokens, type UnsubscribeClaim } from './unsubscribe-tokens.service';

/**
 * Whether a link was mailed before the alert was last switched on: then it must not switch it off
 * (a replayed old email would undo the user's choice). A link from before tokens carried their
 * issue time counts as issued when the alert was created.
 */
const isStale = (claim: UnsubscribeClaim, alert: Pick<AlertRow, 'createdAt' | 'activatedAt'>): boolean =>
  new Date(alert.activatedAt).getTime() > (claim.issuedAt ?? new Date(alert.createdAt)).getTime();

const STALE_MESSAGE =
  'This link is from an email sent before you turned this alert back on, so it no longer turns it off. You can manage your alerts in the app.';

/** One-click unsubscribe (RFC 8058): a valid link turns its one alert off, without signing in. */
@Injectable()
export class UnsubscribeService {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly tokens: UnsubscribeTokens,
    private readonly alerts: AlertsRepository,
    private readonly members: AlertMembersRepository,
  ) {}

  /** What the link would turn off, when the token is good: the alert's title and whether it is on. */
  async peek(token: string): Promise<{ productTitle: string; active: boolean }> {
    const claim = await this.verified(token);
    const alert = await this.alerts.findById(this.db, claim.alertId);
    if (alert && isStale(claim, alert)) throw staleLink();
    return { productTitle: alert?.productTitle ?? '', active: alert?.isActive ?? false };
  }

  async unsubscribe(token: string): Promise<{ productTitle: string }> {
    const claim = await this.verified(token);
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      const alert = await this.alerts.findById(tx, claim.alertId, true);
      if (!alert) return { productTitle: '' };
      if (isStale(claim, alert)) throw staleLink();
      if (alert.isActive) {
        await this.alerts.setActive(tx, alert.id, false, now);
        await trackAlert(tx, this.members, alert, false, now);
      }
      return { productTitle: alert.productTitle };
    });
  }

  private async verified(token: string): Promise<UnsubscribeClaim> {
    const claim = await this.tokens.verify(token);
    if (!claim) throw AppError.badRequest('This unsubscribe link is not valid', undefined, 'invalid_token');
    return claim;
  }
}

const staleLink = () => AppError.badRequest(STALE_MESSAGE, undefined, 'stale_token');
