/**
 * A file sent with a message. With `cid`, the html shows it inline (`<img src="cid:…">`), which mail
 * clients display where they block remote images and strip inline SVG.
 */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
  cid?: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
  /** Extra headers, e.g. List-Unsubscribe. */
  headers?: Record<string, string>;
  /**
   * Makes a resend the same message: the Message-ID becomes `<key@from-domain>`, so a copy sent
   * again after a crash between "SMTP accepted" and "recorded as sent" carries the first one's id
   * (receivers and mail clients drop a second delivery of one Message-ID), and the file outbox
   * stores it once. Letters, digits, '.', '-' and '_' only.
   */
  idempotencyKey?: string;
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
