import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ALWAYS, describeAdapter, parseMessage, startSmtpSink, type SmtpSink } from '@pt/testing';
import { createMailer, FileMailer, outboxDir, SmtpMailer, type Mailer, type SentMail } from '../../src/mail';

const FROM = 'Price Tracker <no-reply@price-tracker.test>';

/** What a mailbox would show for one message, however the adapter delivered it. */
interface Delivered {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  headers: Record<string, string>;
}

interface MailerAdapter {
  name: 'file' | 'smtp';
  setUp(): Promise<{ sut: Mailer; readBack(sent: SentMail): Promise<Delivered>; tearDown(): Promise<void> }>;
}

const adapters: MailerAdapter[] = [
  {
    name: 'file',
    async setUp() {
      const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'pt-mail-'));
      const sut = createMailer({ DATA_DIR: dataDir, MAIL_FROM: FROM }) as FileMailer;
      return {
        sut,
        async readBack(sent) {
          const stored = (await sut.list()).find((m) => m.messageId === sent.messageId);
          if (!stored) throw new Error(`${sent.messageId} is not in the outbox`);
          const raw = await sut.readRaw(stored.id);
          const parsed = parseMessage(raw ?? '');
          return { ...parsed, from: parsed.headers.from, to: parsed.headers.to };
        },
        tearDown: () => fs.rm(dataDir, { recursive: true, force: true }),
      };
    },
  },
  {
    name: 'smtp',
    async setUp() {
      const sink = await startSmtpSink();
      const sut = createMailer({ SMTP_URL: sink.url, DATA_DIR: '/nonexistent', MAIL_FROM: FROM });
      return {
        sut,
        async readBack(sent) {
          const received = await sink.waitFor((m) => m.headers['message-id'] === sent.messageId);
          return { ...received, from: received.headers.from, to: received.headers.to };
        },
        tearDown: async () => {
          await sut.close();
          await sink.close();
        },
      };
    },
  },
];

for (const adapter of adapters) {
  describeAdapter('mailer', adapter.name, ALWAYS, () => {
    let env: Awaited<ReturnType<MailerAdapter['setUp']>>;
    let sut: Mailer;

    beforeAll(async () => {
      env = await adapter.setUp();
      sut = env.sut;
    });

    afterAll(() => env.tearDown());

    it(`is the ${adapter.name} adapter`, () => {
      expect(sut.kind).toBe(adapter.name);
    });

    it('answers ping', async () => {
      await expect(sut.ping()).resolves.toBeUndefined();
    });

    it('delivers a text message with its recipient, subject and body', async () => {
      const sent = await sut.send({
        to: 'ada@example.com',
        subject: 'Price drop',
        text: 'Now 19.99 EUR.\nWas 24.99 EUR.',
      });

      expect(sent.messageId).toMatch(/^<.+@.+>$/);
      const mail = await env.readBack(sent);
      expect(mail).toMatchObject({
        to: 'ada@example.com',
        subject: 'Price drop',
        text: 'Now 19.99 EUR.\nWas 24.99 EUR.',
      });
      expect(mail.from).toBe(FROM);
      expect(mail.html).toBeUndefined();
    });

    it('delivers html as an alternative to the text', async () => {
      const sent = await sut.send({
        to: 'bo@example.com',
        subject: 'Both',
        text: 'plain words',
        html: '<p>rich <b>words</b></p>',
      });

      const mail = await env.readBack(sent);
      expect(mail.headers['content-type']).toMatch(/^multipart\/alternative/);
      expect(mail.text).toBe('plain words');
      expect(mail.html).toBe('<p>rich <b>words</b></p>');
    });

    it('keeps non-ASCII subjects and long lines intact', async () => {
      const text = `Kaffeemühle für 19,99 € statt 24,99 € – ${'sehr lang '.repeat(20)}Ende.`;
      const sent = await sut.send({
        to: 'cy@example.com',
        subject: 'Preis gefallen: Kaffeemühle – 19,99 €',
        text,
      });

      const mail = await env.readBack(sent);
      expect(mail.subject).toBe('Preis gefallen: Kaffeemühle – 19,99 €');
      expect(mail.text).toBe(text);
    });

    it('carries extra headers such as an idempotency key', async () => {
      const sent = await sut.send({
        to: 'di@example.com',
        subject: 'Keyed',
        text: 'x',
        headers: { 'X-Idempotency-Key': 'alert-7:crossing-3' },
      });

      const mail = await env.readBack(sent);
      expect(mail.headers['x-idempotency-key']).toBe('alert-7:crossing-3');
    });

    it('gives a resend with the same idempotency key the same Message-ID', async () => {
      const message = { to: 'ed@example.com', subject: 'Once', text: 'x', idempotencyKey: 'price-drop.42' };
      const first = await sut.send(message);
      const again = await sut.send(message);

      expect(first.messageId).toBe('<price-drop.42@price-tracker.test>');
      expect(again.messageId).toBe(first.messageId);
      expect((await env.readBack(first)).headers['message-id']).toBe(first.messageId);
    });

    it('refuses an idempotency key that is not a plain token', async () => {
      await expect(
        sut.send({ to: 'ed@example.com', subject: 'x', text: 'x', idempotencyKey: '../evil key' }),
      ).rejects.toThrow(/invalid mail idempotency key/);
    });
  });
}

describe(FileMailer.name, () => {
  let dataDir: string;
  let sut: FileMailer;

  beforeEach(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'pt-outbox-'));
    sut = new FileMailer({ dir: outboxDir(dataDir), from: FROM });
  });

  afterEach(() => fs.rm(dataDir, { recursive: true, force: true }));

  it('writes one .eml and one .json per message under DATA_DIR/outbox', async () => {
    await sut.send({ to: 'ada@example.com', subject: 'Hi', text: 'hello', html: '<p>hello</p>' });

    const files = await fs.readdir(path.join(dataDir, 'outbox'));
    expect(files.filter((f) => f.endsWith('.eml'))).toHaveLength(1);
    expect(files.filter((f) => f.endsWith('.json'))).toHaveLength(1);
    expect(files).toHaveLength(2); // no temp files left behind
    const eml = await fs.readFile(
      path.join(
        dataDir,
        'outbox',
        files.find((f) => f.endsWith('.eml'))!,
      ),
      'utf8',
    );
    for (const header of ['From', 'To', 'Subject', 'Date', 'Message-ID', 'MIME-Version']) {
      expect(eml).toMatch(new RegExp(`^${header}: `, 'm'));
    }
    expect(eml).toMatch(/^Content-Type: multipart\/alternative/m);
  });

  it('stores a message sent again with the same idempotency key once', async () => {
    const message = { to: 'ada@example.com', subject: 'Once', text: 'x', idempotencyKey: 'price-drop.7' };
    await sut.send(message);
    await sut.send(message);
    await sut.send({ ...message, idempotencyKey: 'price-drop.8' });

    expect((await sut.list()).map((m) => m.messageId).sort()).toEqual([
      '<price-drop.7@price-tracker.test>',
      '<price-drop.8@price-tracker.test>',
    ]);
  });

  it('stores the message when the previous send died after its key marker, before the .json', async () => {
    const outbox = outboxDir(dataDir);
    await fs.mkdir(path.join(outbox, 'keys'), { recursive: true });
    // What a crash right after the marker leaves: a marker naming a message that was never listed.
    await fs.writeFile(path.join(outbox, 'keys', 'price-drop.9'), '2026-01-01T00-00-00-000Z-000001-deadbeef');

    await sut.send({ to: 'ada@example.com', subject: 'Resent', text: 'x', idempotencyKey: 'price-drop.9' });

    expect((await sut.list()).map((m) => m.subject)).toEqual(['Resent']);
  });

  it('stores the fields as JSON for the admin page', async () => {
    const sent = await sut.send({
      to: 'ada@example.com',
      subject: 'Hi',
      text: 'hello',
      headers: { 'X-Key': 'k' },
    });

    const [stored] = await sut.list();
    expect(stored).toMatchObject({
      messageId: sent.messageId,
      from: FROM,
      to: 'ada@example.com',
      subject: 'Hi',
      text: 'hello',
      html: null,
      headers: { 'X-Key': 'k' },
    });
    expect(new Date(stored.createdAt).getTime()).toBeGreaterThan(Date.now() - 10_000);
    expect(await sut.read(stored.id)).toEqual(stored);
  });

  it('gives unique, time-sorted names to messages sent at once and lists newest first', async () => {
    const sent = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        sut.send({ to: `u${i}@example.com`, subject: `#${i}`, text: 't' }),
      ),
    );

    const listed = await sut.list();
    expect(new Set(listed.map((m) => m.id)).size).toBe(20);
    expect(new Set(sent.map((s) => s.messageId)).size).toBe(20);
    const ids = listed.map((m) => m.id);
    expect(ids).toEqual([...ids].sort().reverse());
    expect(await sut.list(5)).toHaveLength(5);
  });

  it('does not list a message whose .json was never completed', async () => {
    await sut.send({ to: 'ada@example.com', subject: 'complete', text: 't' });
    // What a crash mid-send can leave: a finished .eml and a temp file, but no .json.
    const outbox = path.join(dataDir, 'outbox');
    await fs.writeFile(
      path.join(outbox, '2020-01-01T00-00-00-000Z-000001-deadbeef.eml'),
      'From: x\r\n\r\nhalf',
    );
    await fs.writeFile(path.join(outbox, '.2020-01-01T00-00-00-000Z-000001-deadbeef.json.1.tmp'), '{"trunc');

    const listed = await sut.list();
    expect(listed.map((m) => m.subject)).toEqual(['complete']);
  });

  it('refuses ids that are not outbox ids', async () => {
    expect(await sut.read('../../etc/passwd')).toBeUndefined();
    expect(await sut.readRaw('../secrets')).toBeUndefined();
  });

  it('lists an empty outbox before the first message', async () => {
    expect(await sut.list()).toEqual([]);
  });
});

describe(SmtpMailer.name, () => {
  let sink: SmtpSink;

  beforeAll(async () => {
    sink = await startSmtpSink();
  });

  afterAll(() => sink.close());

  it('uses the envelope recipient and sender', async () => {
    const sut = new SmtpMailer({ url: sink.url, from: FROM });
    try {
      const sent = await sut.send({ to: 'env@example.com', subject: 'Envelope', text: 'x' });
      const received = await sink.waitFor((m) => m.headers['message-id'] === sent.messageId);
      expect(received.envelope).toEqual({ from: 'no-reply@price-tracker.test', to: ['env@example.com'] });
    } finally {
      await sut.close();
    }
  });

  it('fails ping when no server answers', async () => {
    const gone = await startSmtpSink();
    await gone.close();
    const sut = new SmtpMailer({ url: gone.url, from: FROM });
    try {
      await expect(sut.ping()).rejects.toThrow();
    } finally {
      await sut.close();
    }
  });

  it('refuses a URL that is not smtp:// or smtps://', () => {
    expect(() => new SmtpMailer({ url: 'http://127.0.0.1:25', from: FROM })).toThrow(
      /smtp:\/\/ or smtps:\/\//,
    );
  });
});
