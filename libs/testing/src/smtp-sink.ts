import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message as the sink received it. */
export interface SinkMessage {
  envelope: { from: string | null; to: string[] };
  /** The RFC 822 source as sent. */
  raw: string;
  /** Header names in lower case; repeated headers keep the last value. */
  headers: Record<string, string>;
  subject: string;
  /** The text/plain part, decoded (quoted-printable or base64). */
  text: string;
  html?: string;
  /** The Content-IDs of the image parts (without <>): the pictures an html part shows inline. */
  inlineImages: string[];
  receivedAt: Date;
}

export interface SmtpSink {
  /** smtp://127.0.0.1:PORT, no TLS, no authentication needed. */
  url: string;
  messages(): SinkMessage[];
  /** Resolves with the first message (already received or arriving) that matches. */
  waitFor(predicate: (message: SinkMessage) => boolean, timeoutMs?: number): Promise<SinkMessage>;
  close(): Promise<void>;
}

/**
 * A real SMTP server on loopback for tests of code that sends mail: the client goes through the whole
 * SMTP dialogue, and the test reads back what arrived.
 */
export async function startSmtpSink(): Promise<SmtpSink> {
  const received: SinkMessage[] = [];
  const waiters = new Set<(message: SinkMessage) => void>();

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // Tests close the sink right after their last message; do not linger on idle clients.
    closeTimeout: 100,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const message: SinkMessage = {
          envelope: {
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : null,
            to: session.envelope.rcptTo.map((r) => r.address),
          },
          raw,
          ...parseMessage(raw),
          receivedAt: new Date(),
        };
        received.push(message);
        for (const notify of waiters) notify(message);
        callback();
      });
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  // A client that drops mid-dialogue must not crash the test process.
  server.on('error', () => undefined);
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages: () => [...received],
    waitFor(predicate, timeoutMs = 15_000) {
      const found = received.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching message within ${timeoutMs} ms (received ${received.length})`));
        }, timeoutMs);
        const check = (message: SinkMessage) => {
          if (!predicate(message)) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(message);
        };
        waiters.add(check);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type ParsedParts = Pick<SinkMessage, 'headers' | 'subject' | 'text' | 'html' | 'inlineImages'>;
type Collected = { text?: string; html?: string; images: string[] };

/** Enough of RFC 5322 / MIME for tests: headers, and the text and html parts of (nested) multiparts. */
export function parseMessage(raw: string): ParsedParts {
  const { headers, body } = splitEntity(raw);
  const parts: Collected = { images: [] };
  collectParts(headers, body, parts);
  return {
    headers,
    subject: headers.subject ?? '',
    text: parts.text ?? '',
    html: parts.html,
    inlineImages: parts.images,
  };
}

function splitEntity(source: string): { headers: Record<string, string>; body: string } {
  const normalised = source.replace(/\r\n/g, '\n');
  const end = normalised.indexOf('\n\n');
  const head = end === -1 ? normalised : normalised.slice(0, end);
  const body = end === -1 ? '' : normalised.slice(end + 2);
  const headers: Record<string, string> = {};
  // Folded lines start with white space and continue the previous header.
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    headers[line.slice(0, colon).trim().toLowerCase()] = decodeWords(line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function collectParts(headers: Record<string, string>, body: string, out: Collected): void {
  const contentType = headers['content-type'] ?? 'text/plain';
  const type = contentType.split(';')[0].trim().toLowerCase();
  if (type.startsWith('multipart/')) {
    const boundary = parameter(contentType, 'boundary');
    if (!boundary) return;
    const sections = body.split(`--${boundary}`);
    // Before the first delimiter is the preamble; from the closing "--" on, the epilogue.
    for (const section of sections.slice(1)) {
      if (section.startsWith('--')) break;
      const part = splitEntity(section.replace(/^\n/, ''));
      collectParts(part.headers, part.body, out);
    }
    return;
  }
  const cid = headers['content-id']?.replace(/^<|>$/g, '');
  if (type.startsWith('image/') && cid) out.images.push(cid);
  if (headers['content-disposition']?.toLowerCase().startsWith('attachment')) return;
  const decoded = decodeBody(body, headers['content-transfer-encoding']);
  if (type === 'text/plain' && out.text === undefined) out.text = decoded;
  if (type === 'text/html' && out.html === undefined) out.html = decoded;
}

function parameter(headerValue: string, name: string): string | undefined {
  const match = new RegExp(`;\\s*${name}\\s*=\\s*(?:"([^"]*)"|([^;\\s]*))`, 'i').exec(headerValue);
  return match ? (match[1] ?? match[2]) : undefined;
}

function decodeBody(body: string, encoding = '7bit'): string {
  // The line break before the next boundary belongs to the delimiter, not to the content.
  const content = body.replace(/\n$/, '');
  switch (encoding.trim().toLowerCase()) {
    case 'base64':
      return Buffer.from(content.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable':
      return decodeQuotedPrintable(content);
    default:
      return content;
  }
}

function decodeQuotedPrintable(input: string): string {
  const softBreaksRemoved = input.replace(/=\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < softBreaksRemoved.length; i++) {
    const char = softBreaksRemoved[i];
    const hex = softBreaksRemoved.slice(i + 1, i + 3);
    if (char === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(char, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** RFC 2047 encoded words (`=?UTF-8?B?...?=`, `=?UTF-8?Q?...?=`); white space between two is dropped. */
function decodeWords(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_all, _charset: string, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}
