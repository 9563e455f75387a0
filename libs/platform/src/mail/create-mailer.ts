import path from 'node:path';
import { FileMailer } from './file-mailer';
import type { Mailer } from './mailer.port';
import { SmtpMailer } from './smtp-mailer';

export interface MailerConfig {
  SMTP_URL?: string;
  DATA_DIR: string;
  MAIL_FROM: string;
}

/** SMTP when SMTP_URL is set; otherwise the file outbox under DATA_DIR that the admin page reads. */
export function createMailer(config: MailerConfig): Mailer {
  if (config.SMTP_URL) return new SmtpMailer({ url: config.SMTP_URL, from: config.MAIL_FROM });
  return new FileMailer({ dir: outboxDir(config.DATA_DIR), from: config.MAIL_FROM });
}

export function outboxDir(dataDir: string): string {
  return path.join(dataDir, 'outbox');
}
