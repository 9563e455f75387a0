import nodemailer, { type Transporter } from 'nodemailer';
import { stableMessageId } from './compose';
import type { MailMessage, Mailer, SentMail } from './mailer.port';

export interface SmtpMailerOptions {
  /** smtp://user:pass@host:587 (STARTTLS when offered) or smtps://host:465 (TLS from the start). */
  url: string;
  from: string;
}

/** Sends through an SMTP server (Mailpit in compose, a provider in production). */
export class SmtpMailer implements Mailer {
  readonly kind = 'smtp' as const;
  private readonly transporter: Transporter;

  constructor(private readonly options: SmtpMailerOptions) {
    const url = new URL(options.url);
    if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') {
      throw new Error(`SMTP_URL must start with smtp:// or smtps://, got ${url.protocol}//`);
    }
    this.transporter = nodemailer.createTransport(options.url);
  }

  async send(message: MailMessage): Promise<SentMail> {
    const info = (await this.transporter.sendMail({
      from: this.options.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      headers: message.headers,
      ...(message.idempotencyKey
        ? { messageId: stableMessageId(message.idempotencyKey, this.options.from) }
        : {}),
    })) as { messageId: string };
    return { messageId: info.messageId };
  }

  /** Connects, greets and (when the URL has credentials) authenticates, without sending. */
  async ping(): Promise<void> {
    await this.transporter.verify();
  }

  async close(): Promise<void> {
    this.transporter.close();
  }
}
