import { Inject, Injectable } from '@nestjs/common';
import type { SendEmailJob } from '@pt/contracts';
import {
  CLOCK,
  DATABASE,
  isDependencyUnavailable,
  LOGGER,
  MAILER,
  type Clock,
  type Database,
  type JobContext,
  type Logger,
  type Mailer,
} from '@pt/platform';
import type { NotifierConfig } from '../config';
import { DigestSenderService } from './digest-sender.service';
import { confirmationEmail } from '../consumers/auth-email.consumer';
import { emailsTotal } from '../metrics';
import { NotificationsRepository } from '../repositories/notifications.repository';
import { APP_LINKS, NOTIFIER_CONFIG, PRICE_CONTEXT } from '../tokens';
import type { AppLinks } from './app-links';
import { ineligibility } from './alert-evaluation.service';
import type { PriceContextClient } from './price-context.client';
import { backInStockEmail } from './back-in-stock-email';
import { priceDropEmail } from './price-drop-email';
import { sendClaimed } from './send-claimed';
import { UnsubscribeTokens } from './unsubscribe-tokens.service';

export type SendOutcome = 'sent' | 'skipped' | 'not-claimed';

/** Marking a mail sent is retried for about 30 s while the database is unreachable. */
const MARK_SENT_ATTEMPTS = 30;
const MARK_SENT_RETRY_MS = 1000;

/**
 * Sends one queued email through the Mailer port — after the transaction that recorded it has
 * committed, never inside one. A price drop is claimed first (one sender per notification), the
 * recipient is checked again at send time, and the row is marked sent once SMTP accepted it. A
 * failure puts the row back to pending and throws, so the queue retries with back-off; after the
 * last try the row stays `failed` (counted, listed for admins).
 */
@Injectable()
export class EmailSenderService {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(NOTIFIER_CONFIG) private readonly config: NotifierConfig,
    @Inject(APP_LINKS) private readonly links: AppLinks,
    @Inject(PRICE_CONTEXT) private readonly priceContext: PriceContextClient,
    private readonly notifications: NotificationsRepository,
    private readonly tokens: UnsubscribeTokens,
    private readonly digests: DigestSenderService,
  ) {}

  async send(job: SendEmailJob, ctx: Pick<JobContext, 'attempt' | 'id'>): Promise<SendOutcome> {
    switch (job.kind) {
      case 'price-drop':
        return this.sendPriceDrop(job.notificationId, ctx);
      case 'digest':
        return this.digests.send(job.digestId, ctx);
      case 'confirmation': {
        const message = confirmationEmail(job.request, job.eventId);
        await this.mailer.send(message);
        emailsTotal.inc({ kind: job.kind, outcome: 'sent' });
        return 'sent';
      }
    }
  }

  private async sendPriceDrop(id: string, ctx: Pick<JobContext, 'attempt' | 'id'>): Promise<SendOutcome> {
    const claimed = await this.notifications.claimForSending(
      this.db,
      id,
      this.clock.now(),
      this.config.email.leaseMs,
      ctx.id,
    );
    if (!claimed) return 'not-claimed';
    const { notification: n, contact } = claimed;
    const skip = ineligibility(contact) ?? (!claimed.alertActive ? 'alert-off' : undefined);
    if (skip || !contact?.email) {
      await this.notifications.markSkipped(this.db, id, skip ?? 'no-email');
      emailsTotal.inc({ kind: 'price-drop', outcome: 'skipped' });
      return 'skipped';
    }
    const token = await this.tokens.sign(n.alertId, new Date(n.createdAt));
    // A listing coming back has no drop to chart.
    const history =
      n.reason?.kind === 'back_in_stock'
        ? undefined
        : await this.priceContext.forDrop({
            marketplace: n.marketplace,
            productId: n.productId,
            currency: n.currency,
          });
    const input = {
      to: contact.email,
      name: contact.name,
      notificationId: n.id,
      productTitle: n.productTitle,
      productImage: n.productImage,
      oldPrice: Number(n.oldPrice),
      newPrice: Number(n.newPrice),
      targetPrice: Number(n.targetPrice),
      currency: n.currency,
      productPageUrl: this.links.productPage(n.marketplace, n.productId),
      manageUrl: this.links.manageAlerts(),
      settingsUrl: this.links.emailSettings(),
      unsubscribePageUrl: this.links.unsubscribePage(token),
      unsubscribeUrl: this.links.oneClickUnsubscribe(token),
      ...(history ? { history } : {}),
      now: this.clock.now(),
      reason: n.reason,
      basis: n.basis,
      shipping: n.shipping,
    };
    const message =
      n.reason?.kind === 'back_in_stock'
        ? backInStockEmail({ ...input, reason: n.reason })
        : priceDropEmail(input);
    return sendClaimed(
      { mailer: this.mailer, logger: this.logger, attempts: this.config.email.attempts },
      ctx,
      {
        kind: 'price-drop',
        message,
        row: { notificationId: id },
        handOff: () => this.notifications.markHandedOff(this.db, id, this.clock.now()),
        failed: (reason, final) => this.notifications.markAttemptFailed(this.db, id, ctx.id, reason, final),
        sent: (messageId) => this.markSentDespiteOutage(id, messageId),
      },
    );
  }

  /**
   * SMTP took the mail: the row must say so, or the lease's end would send it again (with the
   * same Message-ID, see MailMessage.idempotencyKey). A database restart lasts seconds, so the mark
   * is retried through one before the job gives up.
   */
  private async markSentDespiteOutage(id: string, messageId: string): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.notifications.markSent(this.db, id, messageId, this.clock.now());
      } catch (error) {
        if (!isDependencyUnavailable(error) || attempt >= MARK_SENT_ATTEMPTS) throw error;
        await new Promise((resolve) => setTimeout(resolve, MARK_SENT_RETRY_MS));
      }
    }
  }
}
