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
    headers: input.headers,
    messageId: input.messageId,
    date: input.date,
  });
  return composer.compile().build();
}

/** The domain of an address like `Name <user@example.com>`, for Message-IDs. */
export function domainOf(address: string): string {
  const match = /@([^\s>]+)>?\s*$/.exec(address);
  return match ? match[1] : 'localhost';
}
