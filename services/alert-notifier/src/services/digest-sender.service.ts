import { Inject, Injectable } from '@nestjs/common';
import {
  CLOCK,
  DATABASE,
  LOGGER,
  MAILER,
  type Clock,
  type Database,
  type JobContext,
  type Logger,
  type Mailer,
} from '@pt/platform';
import type { NotifierConfig } from '../config';
import { emailsTotal } from '../metrics';
import { DigestsRepository } from '../repositories/digests.repository';
import { APP_LINKS, NOTIFIER_CONFIG } from '../tokens';
import { ineligibility } from './alert-evaluation.service';
import type { AppLinks } from './app-links';
import { digestEmail } from './digest-email';
import type { SendOutcome } from './email-sender.service';
import { sendClaimed } from './send-claimed';
import { UnsubscribeTokens } from './unsubscribe-tokens.service';

/**
 * Sends one claimed digest, with the lease of a price-drop email: one sender at a time, the
 * recipient checked again at send time (emails switched off meanwhile: nothing goes out), the row
 * marked sent once SMTP took the mail, and a resend after a crash carrying the same Message-ID.
 */
@Injectable()
export class DigestSenderService {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(NOTIFIER_CONFIG) private readonly config: NotifierConfig,
    @Inject(APP_LINKS) private readonly links: AppLinks,
    private readonly digests: DigestsRepository,
    private readonly tokens: UnsubscribeTokens,
  ) {}

  async send(id: string, ctx: Pick<JobContext, 'attempt' | 'id'>): Promise<SendOutcome> {
    const claimed = await this.digests.claimForSending(
      this.db,
      id,
      this.clock.now(),
      this.config.email.leaseMs,
      ctx.id,
    );
    if (!claimed) return 'not-claimed';
    const { digest, contact } = claimed;
    const items = await this.digests.items(this.db, id);
    // As an instant email would be: an alert switched off since it fired is left out.
    await this.digests.skipItems(
      this.db,
      items.filter((i) => !i.alertActive).map((i) => i.id),
      'alert-off',
    );
    const listed = items.filter((i) => i.alertActive);
    const skip = ineligibility(contact) ?? (listed.length === 0 ? 'nothing-to-send' : undefined);
    if (skip || !contact?.email) {
      await this.digests.markSkipped(this.db, id, skip ?? 'no-email');
      emailsTotal.inc({ kind: 'digest', outcome: 'skipped' });
      return 'skipped';
    }
    const message = digestEmail({
      to: contact.email,
      name: contact.name,
      digestId: digest.id,
      digestDay: digest.digestDay,
      items: await Promise.all(
        listed.map(async (i) => ({
          productTitle: i.productTitle,
          oldPrice: i.oldPrice,
          newPrice: i.newPrice,
          targetPrice: i.targetPrice,
          currency: i.currency,
          basis: i.basis,
          shipping: i.shipping,
          reason: i.reason,
          productPageUrl: this.links.productPage(i.marketplace, i.productId),
          // Signed at the crossing's time, as its instant email would have been.
          unsubscribePageUrl: this.links.unsubscribePage(
            await this.tokens.sign(i.alertId, new Date(i.createdAt)),
          ),
        })),
      ),
      manageUrl: this.links.manageAlerts(),
      settingsUrl: this.links.emailSettings(),
    });
    return sendClaimed(
      { mailer: this.mailer, logger: this.logger, attempts: this.config.email.attempts },
      ctx,
      {
        kind: 'digest',
        message,
        row: { digestId: id },
        handOff: () => this.digests.markHandedOff(this.db, id, ctx.id, this.clock.now()),
        failed: (reason, final) => this.digests.markAttemptFailed(this.db, id, ctx.id, reason, final),
        sent: (messageId) => this.digests.markSent(this.db, id, messageId, this.clock.now()),
      },
    );
  }
}
