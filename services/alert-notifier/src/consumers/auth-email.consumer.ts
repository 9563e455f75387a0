import { Inject, Injectable } from '@nestjs/common';
import { Topics, type AuthEmailRequestedPayload, type EventEnvelope } from '@pt/contracts';
import {
  DATABASE,
  emailLink,
  idempotent,
  OnEvent,
  LOGGER,
  PoisonMessageError,
  type Database,
  type HandlerContext,
  type Logger,
  type MailMessage,
  payloadOf,
} from '@pt/platform';
import { EmailQueueService } from '../services/email-queue.service';
import { escapeHtml } from '@pt/domain';

/** Consumer group of this service on auth topics. Persisted (offsets, processed_events): never rename. */
export const AUTH_EMAIL_GROUP = 'alert-notifier.auth-email';
const SCHEMA = 'alert_notifier';

export const CONFIRMATION_SUBJECT = 'Confirm your email';
export const RECOVERY_SUBJECT = 'Reset your password';
export const SIGNUP_ATTEMPT_SUBJECT = 'Someone tried to register with your email';

/**
 * The account emails (spec §2: the user checks the inbox and clicks the link). The link's token
 * never crossed the bus: it is derived here from the event's linkId.
 */
export function confirmationEmail(request: AuthEmailRequestedPayload, eventId: string): MailMessage {
  const greeting = request.name ? `Hi ${request.name},` : 'Hi,';
  const headers = { 'X-Event-Id': eventId };
  // A retry of the same account email (the job died after SMTP accepted it) is the same message.
  const idempotencyKey = `account.${eventId}`;
  if (request.kind === 'signup-attempt') {
    const body = [
      'Someone tried to create a Price Tracker account with this email address, which already has one.',
      'If it was you, sign in instead, or reset your password from the sign-in page. If not, you can ignore this email: nothing changed.',
    ];
    return {
      to: request.email,
      subject: SIGNUP_ATTEMPT_SUBJECT,
      text: [greeting, '', ...body].join('\n'),
      html: `<p>${escapeHtml(greeting)}</p>\n${body.map((line) => `<p>${line}</p>`).join('\n')}`,
      headers,
      idempotencyKey,
    };
  }
  if (!request.linkUrl || !request.linkId) throw new PoisonMessageError('account email without a link');
  const link = emailLink(request.linkUrl, request.linkId);
  const recovery = request.kind === 'recovery';
  const intro = recovery
    ? 'To choose a new password for Price Tracker, open this link:'
    : 'Please confirm your email address for Price Tracker by opening this link:';
  const validity = recovery
    ? 'The link works for 1 hour and only once. If you did not ask for it, you can ignore this email.'
    : 'The link works for 24 hours and only once. If you did not create an account, you can ignore this email.';
  const text = [greeting, '', intro, link, '', validity].join('\n');
  const html = `<p>${escapeHtml(greeting)}</p>
<p>${recovery ? 'To choose a new password for Price Tracker, use this link.' : 'Please confirm your email address for Price Tracker.'}</p>
<p><a href="${escapeHtml(link)}">${recovery ? 'Reset your password' : 'Confirm your email'}</a></p>
<p>${validity}</p>`;
  return {
    to: request.email,
    subject: recovery ? RECOVERY_SUBJECT : CONFIRMATION_SUBJECT,
    text,
    html,
    headers,
    idempotencyKey,
  };
}

/**
 * Sends the emails auth asks for (`auth.email-requested`). Idempotent: the event id is recorded
 * in processed_events in the same transaction, so a redelivered event sends nothing again.
 */
@Injectable()
export class AuthEmailConsumer {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly emailQueue: EmailQueueService,
  ) {}

  @OnEvent(Topics.authEmailRequested, AUTH_EMAIL_GROUP)
  receive(envelope: EventEnvelope, ctx: HandlerContext): Promise<void> {
    return idempotent(this.db, SCHEMA, AUTH_EMAIL_GROUP, (e) => this.handle(e))(envelope, ctx);
  }

  async handle(envelope: EventEnvelope): Promise<void> {
    const request = payloadOf(Topics.authEmailRequested, envelope);
    // Checked now, so a request that can never become a mail goes to the DLQ instead of the queue.
    confirmationEmail(request, envelope.id);
    // Through the email queue like every mail (retries with back-off, failures kept for admins);
    // the event id de-duplicates a redelivery that raced the first enqueue.
    await this.emailQueue.enqueue({ kind: 'confirmation', eventId: envelope.id, request }, envelope.id);
    this.logger.info(
      { eventId: envelope.id, userId: request.userId, kind: request.kind },
      'account email queued',
    );
  }
}
