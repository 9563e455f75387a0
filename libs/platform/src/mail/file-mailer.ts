import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { MailMessage, Mailer, SentMail } from './mailer.port';
import { composeMessage, domainOf, stableMessageId } from './compose';

/** The `.json` half of a stored message: what an admin page lists and shows. */
export interface StoredMail {
  id: string;
  messageId: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  /** What the `.eml` carries besides the text (the bytes are in the `.eml` only). */
  attachments?: Array<{ filename: string; contentType: string; cid?: string; size: number }>;
  headers: Record<string, string>;
  createdAt: string;
}

export interface FileMailerOptions {
  /** The outbox directory, `<DATA_DIR>/outbox` in the embedded mode. */
  dir: string;
  from: string;
}

// ISO time with ':' and '.' swapped for '-' (file-name safe, still sorts by time), a per-process
// sequence for messages in the same millisecond, and random bytes against other processes.
const ID_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z-\d{6}-[0-9a-f]{8}$/;
let sequence = 0;
/** Idempotency keys → the id of the message sent with each. */
const KEYS_DIR = 'keys';

function newId(now: Date): string {
  sequence = (sequence + 1) % 1_000_000;
  return `${now.toISOString().replace(/[:.]/g, '-')}-${String(sequence).padStart(6, '0')}-${randomBytes(4).toString('hex')}`;
}

/**
 * Writes each message to the outbox as `<id>.eml` (the RFC 822 message) and `<id>.json` (its fields).
 * Each file is written to a temporary name and renamed, and the `.json` goes last, so a message is
 * listed only once both halves are complete: a crash leaves at most an unlisted `.eml` or a temp file.
 */
export class FileMailer implements Mailer {
  readonly kind = 'file' as const;

  constructor(private readonly options: FileMailerOptions) {}

  async send(message: MailMessage): Promise<SentMail> {
    const key = message.idempotencyKey;
    const already = key === undefined ? undefined : await this.storedUnder(key);
    if (already) return { messageId: already.messageId };
    const now = new Date();
    const id = newId(now);
    const messageId =
      key === undefined ? `<${id}@${domainOf(this.options.from)}>` : stableMessageId(key, this.options.from);
    const eml = await composeMessage({ ...message, from: this.options.from, messageId, date: now });
    const stored: StoredMail = {
      id,
      messageId,
      from: this.options.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html ?? null,
      ...(message.attachments?.length
        ? {
            attachments: message.attachments.map((a) => ({
              filename: a.filename,
              contentType: a.contentType,
              ...(a.cid ? { cid: a.cid } : {}),
              size: a.content.length,
            })),
          }
        : {}),
      headers: message.headers ?? {},
      createdAt: now.toISOString(),
    };
    await fs.mkdir(this.options.dir, { recursive: true });
    if (key !== undefined) {
      // The key's marker goes first and counts only once the message it names is listed, so a
      // crash at any point before the `.json` lets a resend store the message, and none after it.
      await fs.mkdir(path.join(this.options.dir, KEYS_DIR), { recursive: true });
      await this.writeAtomically(path.join(KEYS_DIR, key), id);
    }
    await this.writeAtomically(`${id}.eml`, eml);
    await this.writeAtomically(`${id}.json`, JSON.stringify(stored, null, 2));
    return { messageId };
  }

  /** The listed message stored under an idempotency key, if a send with it completed. */
  private async storedUnder(key: string): Promise<StoredMail | undefined> {
    stableMessageId(key, this.options.from); // validates the key before it names a file
    try {
      const id = await fs.readFile(path.join(this.options.dir, KEYS_DIR, key), 'utf8');
      return await this.read(id);
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  /** Stored messages, newest first. */
  async list(limit = 100): Promise<StoredMail[]> {
    const ids = (await this.ids()).slice(0, limit);
    const mails = await Promise.all(ids.map((id) => this.read(id)));
    return mails.filter((mail): mail is StoredMail => mail !== undefined);
  }

  async read(id: string): Promise<StoredMail | undefined> {
    if (!ID_PATTERN.test(id)) return undefined;
    try {
      return JSON.parse(await fs.readFile(path.join(this.options.dir, `${id}.json`), 'utf8')) as StoredMail;
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  /** The raw RFC 822 source, e.g. for a download link. */
  async readRaw(id: string): Promise<string | undefined> {
    if (!ID_PATTERN.test(id) || (await this.read(id)) === undefined) return undefined;
    return fs.readFile(path.join(this.options.dir, `${id}.eml`), 'utf8');
  }

  async ping(): Promise<void> {
    await fs.mkdir(this.options.dir, { recursive: true });
    await fs.access(this.options.dir, fs.constants.W_OK);
  }

  async close(): Promise<void> {}

  private async ids(): Promise<string[]> {
    let names: string[];
    try {
      names = await fs.readdir(this.options.dir);
    } catch (error) {
      if (isNotFound(error)) return [];
      throw error;
    }
    return names
      .filter((name) => name.endsWith('.json'))
      .map((name) => name.slice(0, -'.json'.length))
      .filter((id) => ID_PATTERN.test(id))
      .sort()
      .reverse();
  }

  private async writeAtomically(name: string, content: string | Buffer): Promise<void> {
    const final = path.join(this.options.dir, name);
    const temp = path.join(path.dirname(final), `.${path.basename(final)}.${process.pid}.tmp`);
    const handle = await fs.open(temp, 'w');
    try {
      await handle.writeFile(content);
      // Flushed before the rename, so the name never points at data still in the page cache only.
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.rename(temp, final);
  }
}

function isNotFound(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';
}
