import type { Browser } from 'playwright-core';
import {
  createTestPostgres,
  launchChromium,
  privateRedisDatabase,
  startDistributedHost,
  startSmtpSink,
  type DistributedHost,
  type SmtpSink,
  type TestPostgres,
} from '@pt/testing';
import { outboxFor, startWebHarness, type WebHarness } from './web-host';

/** A mail as the person reads it: to, subject, the plain-text part and the headers (names in lower case). */
export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Content-IDs of the pictures the html shows inline. */
  inlineImages: string[];
  headers: Record<string, string>;
}

/**
 * A running app for a journey test in either run mode, seen as a shopper sees it: the site's URL,
 * a browser, and the mail that reached an address (the embedded file outbox or a real SMTP server).
 */
export interface JourneyHost {
  mode: 'embedded' | 'distributed';
  url: string;
  browser: Browser;
  mailsTo(address: string): ReceivedMail[];
  close(): Promise<void>;
}

export async function embeddedJourneyHost(env: Record<string, string>): Promise<JourneyHost> {
  const h: WebHarness = await startWebHarness(env);
  return {
    mode: 'embedded',
    url: h.url,
    browser: h.browser,
    mailsTo: (address) =>
      outboxFor(h, address).map((m) => ({
        to: m.to,
        subject: m.subject,
        text: m.text,
        ...(m.html ? { html: m.html } : {}),
        inlineImages: (m.attachments ?? []).flatMap((a) => (a.cid ? [a.cid] : [])),
        headers: Object.fromEntries(Object.entries(m.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v])),
      })),
    close: () => h.close(),
  };
}

/**
 * `npm run start:distributed` on a database of its own, mailing through a real SMTP server, with
 * every link of its mails on its own gateway (the defaults the runner derives, nothing set here).
 */
export async function distributedJourneyHost(env: Record<string, string>): Promise<JourneyHost> {
  let pg: TestPostgres | undefined;
  let sink: SmtpSink | undefined;
  let host: DistributedHost | undefined;
  let browser: Browser | undefined;
  try {
    [pg, sink] = await Promise.all([createTestPostgres(), startSmtpSink()]);
    const { url: databaseUrl } = pg;
    const smtpUrl = sink.url;
    host = await startDistributedHost({
      DATABASE_URL: databaseUrl,
      REDIS_URL: await privateRedisDatabase(process.env.REDIS_URL ?? ''),
      EVENT_BUS: 'redis',
      SMTP_URL: smtpUrl,
      ...env,
    });
    browser = await launchChromium();
  } catch (error) {
    await Promise.allSettled([host?.stop(), sink?.close(), pg?.drop()]);
    throw error;
  }
  const started = { pg, sink, host, browser };
  return {
    mode: 'distributed',
    // The address the runner prints and its mails link to.
    url: `http://localhost:${started.host.base}`,
    browser: started.browser,
    mailsTo: (address) =>
      started.sink
        .messages()
        .filter((m) => m.envelope.to.some((to) => to.toLowerCase() === address.toLowerCase()))
        .map((m) => ({
          to: address,
          subject: m.subject,
          text: m.text,
          ...(m.html ? { html: m.html } : {}),
          inlineImages: m.inlineImages,
          headers: m.headers,
        })),
    async close() {
      await started.browser.close();
      await started.host.stop();
      await Promise.all([started.sink.close(), started.pg.drop()]);
    },
  };
}
