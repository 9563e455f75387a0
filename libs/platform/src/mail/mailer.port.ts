export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers, e.g. an idempotency key. */
  headers?: Record<string, string>;
}

export interface SentMail {
  messageId: string;
}

/** The mailer port. Adapters: file outbox (DATA_DIR/outbox) and SMTP (SMTP_URL). */
export interface Mailer {
  readonly kind: 'file' | 'smtp';
  send(message: MailMessage): Promise<SentMail>;
  ping(): Promise<void>;
  close(): Promise<void>;
}
