import MailComposer from 'nodemailer/lib/mail-composer';
import type { MailMessage } from './mailer.port';

export interface ComposeInput extends MailMessage {
  from: string;
  messageId: string;
  date: Date;
}

/**
 * The RFC 822 source of a message, built by nodemailer's composer so the file outbox writes exactly
 * what the SMTP adapter would send: encoded headers, multipart/alternative when there is html.
 */
export async function composeMessage(input: ComposeInput): Promise<Buffer> {
  const composer = new MailComposer({
    from: input.from,
    to: input.to,
    subject: input.subject,
    text: input.text,
    html: input.html,
    ...(input.attachments?.length ? { attachments: input.attachments } : {}),
    headers: input.headers,
    messageId: input.messageId,
    date: input.date,
  });
  return composer.compile().build();
}

const IDEMPOTENCY_KEY = /^[A-Za-z0-9._-]{1,200}$/;

/** The stable Message-ID of a message with an idempotency key (see MailMessage.idempotencyKey). */
export function stableMessageId(key: string, from: string): string {
  if (!IDEMPOTENCY_KEY.test(key)) throw new Error(`invalid mail idempotency key: ${JSON.stringify(key)}`);
  return `<${key}@${domainOf(from)}>`;
}

/** The domain of an address like `Name <user@example.com>`, for Message-IDs. */
export function domainOf(address: string): string {
  const match = /@([^\s>]+)>?\s*$/.exec(address);
  return match ? match[1] : 'localhost';
}
