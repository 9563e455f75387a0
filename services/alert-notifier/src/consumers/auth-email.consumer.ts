import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { parseEventPayload, Topics, type AuthEmailRequestedPayload, type EventEnvelope } from '@pt/contracts';
import {
  DATABASE,
  EVENT_BUS,
  idempotent,
  LOGGER,
  MAILER,
  PoisonMessageError,
  type Database,
  type EventBus,
  type Logger,
  type Mailer,
  type MailMessage,
  type Subscription,
} from '@pt/platform';

/** Consumer group of this service on auth topics. Persisted (offsets, processed_events): never rename. */
export const AUTH_EMAIL_GROUP = 'alert-notifier.auth-email';
const SCHEMA = 'alert_notifier';

export const CONFIRMATION_SUBJECT = 'Confirm your email';

const escapeHtml = (value: string): string =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** The confirmation email (spec §2: the user checks the inbox and clicks the link). */
export function confirmationEmail(request: AuthEmailRequestedPayload, eventId: string): MailMessage {
  const greeting = request.name ? `Hi ${request.name},` : 'Hi,';
  const text = [
    greeting,
    '',
    'Please confirm your email address for Price Tracker by opening this link:',
    request.link,
    '',
    'The link works for 24 hours and only once. If you did not create an account, you can ignore this email.',
  ].join('\n');
  const html = `<p>${escapeHtml(greeting)}</p>
<p>Please confirm your email address for Price Tracker.</p>
<p><a href="${escapeHtml(request.link)}">Confirm your email</a></p>
<p>The link works for 24 hours and only once. If you did not create an account, you can ignore this email.</p>`;
  return { to: request.email, subject: CONFIRMATION_SUBJECT, text, html, headers: { 'X-Event-Id': eventId } };
}

/**
 * Sends the emails auth asks for (`auth.email-requested`). Idempotent: the event id is recorded
 * in processed_events in the same transaction, so a redelivered event sends nothing again.
 */
@Injectable()
export class AuthEmailConsumer implements OnApplicationBootstrap, OnModuleDestroy {
  private subscription?: Subscription;

  constructor(
    @Inject(EVENT_BUS) private readonly bus: EventBus,
    @Inject(DATABASE) private readonly db: Database,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.subscription = await this.bus.subscribe(
      Topics.authEmailRequested,
      AUTH_EMAIL_GROUP,
      idempotent(this.db, SCHEMA, AUTH_EMAIL_GROUP, (envelope) => this.handle(envelope)),
    );
  }

  async onModuleDestroy(): Promise<void> {
    await this.subscription?.close();
  }

  async handle(envelope: EventEnvelope): Promise<void> {
    const parsed = parseEventPayload(Topics.authEmailRequested, envelope);
    if (!parsed.success) throw new PoisonMessageError(parsed.error);
    const request = parsed.envelope.payload;
    const sent = await this.mailer.send(confirmationEmail(request, envelope.id));
    this.logger.info(
      { eventId: envelope.id, userId: request.userId, kind: request.kind, messageId: sent.messageId },
      'confirmation email sent',
    );
  }
}
