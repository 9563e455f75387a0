import fs from 'node:fs';
import path from 'node:path';
import type { DemoCatalog } from '@pt/demo-marketplaces';
import { eventually } from './eventually';
import type { SmtpSink } from './smtp-sink';

/**
 * A shopper's and an admin's steps through the gateway of a running host, shared by the end-to-end
 * tests of both run modes and the chaos tier: JSON calls, real tokens from /auth/v1 with the
 * confirmation mail read where the host sends mail, and demo listings only an admin's pin moves.
 */

export interface JsonAnswer<T> {
  status: number;
  body: T;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read JSON bodies loosely unless they say
export type GatewayCall = <T = Record<string, any>>(
  method: string,
  url: string,
  body?: unknown,
  token?: string,
) => Promise<JsonAnswer<T>>;

/** JSON calls to the gateway, optionally from one client address (per-IP limits outlast a run in Redis). */
export function gatewayClient(gateway: () => string, clientIp?: string): GatewayCall {
  return async <T>(method: string, url: string, body?: unknown, token?: string) => {
    const res = await fetch(`${gateway()}${url}`, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(clientIp ? { 'x-forwarded-for': clientIp } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(15_000),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : {}) as T };
  };
}

/** The text of the newest mail to `email`, as soon as it is there. */
export type MailReader = (email: string) => Promise<string>;

/** Mail of an SMTP sink (the distributed mode, the notifier's tests). */
export const sinkMail =
  (sink: SmtpSink): MailReader =>
  async (email) =>
    (await sink.waitFor((m) => m.envelope.to.includes(email), 30_000)).text;

/** Mail of the embedded host's file outbox (`<DATA_DIR>/outbox/*.json`). */
export const outboxMail =
  (dir: string): MailReader =>
  (email) =>
    eventually(
      () => {
        if (!fs.existsSync(dir)) return undefined;
        return fs
          .readdirSync(dir)
          .filter((f) => f.endsWith('.json'))
          .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as { to: string; text: string })
          .find((m) => m.to === email)?.text;
      },
      { timeoutMs: 30_000, what: `a mail to ${email}` },
    );

/**
 * §2: sign up, confirm with the token of the mailed link, sign in; the access token. The link opens
 * the web app's token processor (on `site` when given), which confirms with POST /verify — done here
 * directly.
 */
export async function signedIn(
  call: GatewayCall,
  mail: MailReader,
  email: string,
  options: { site?: string; password?: string } = {},
): Promise<string> {
  const password = options.password ?? 'correct horse battery';
  const signup = await call('POST', '/auth/v1/signup', { email, password, data: { name: 'Ada' } });
  if (signup.status !== 200)
    throw new Error(`sign-up of ${email}: ${signup.status} ${JSON.stringify(signup.body)}`);
  const url = new URL(/https?:\/\/\S+/.exec(await mail(email))?.[0] ?? 'about:blank');
  if (url.searchParams.get('type') !== 'signup') throw new Error(`no confirmation link mailed to ${email}`);
  if (options.site && url.origin !== options.site)
    throw new Error(`the confirmation link opens ${url.origin}, not the site ${options.site}`);
  const verified = await call('POST', '/auth/v1/verify', {
    type: 'signup',
    token_hash: url.searchParams.get('token'),
  });
  if (verified.status !== 200) throw new Error(`confirmation of ${email}: ${verified.status}`);
  const session = await call<{ access_token: string }>('POST', '/auth/v1/token?grant_type=password', {
    email,
    password,
  });
  if (session.status !== 200) throw new Error(`sign-in of ${email}: ${session.status}`);
  return session.body.access_token;
}

/** Pricing polls tracked listings every `intervalMs` with quotas that never run out. */
export const fastPollingEnv = (intervalMs: number): Record<string, string> => ({
  PRICING_SCHEDULER_EVERY_MS: '200',
  PRICING_POLL_INTERVAL_MS: String(intervalMs),
  PRICING_HOT_POLL_INTERVAL_MS: String(intervalMs),
  PRICING_EBAY_CALLS_PER_DAY: '10000000',
  PRICING_ALIEXPRESS_CALLS_PER_DAY: '10000000',
});

/**
 * Stable demo eBay listings whose price does not move in the buckets around now, so the only
 * changes the pipeline sees are an admin's pins (the demo drops prices at random otherwise).
 */
export function* quietEbayListings(catalog: DemoCatalog, now = Date.now()) {
  const bucketMs = catalog.priceBucketMs;
  for (const p of catalog.byMarketplace('ebay')) {
    if (p.volatile || p.variationId) continue;
    const base = catalog.priceAt(p.key, now);
    if ([-1, 1, 2, 3].every((k) => catalog.priceAt(p.key, now + k * bucketMs) === base)) yield p;
  }
}

/** Price-drop mails of one recipient in an SMTP sink. */
export const priceDropsTo = (sink: SmtpSink, email: string) =>
  sink.messages().filter((m) => m.envelope.to.includes(email) && m.subject.startsWith('Price drop'));
