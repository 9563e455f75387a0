import { z } from 'zod';
import { httpUrl, port } from '@pt/platform';

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
const positiveInt = (fallback: number, max = Number.MAX_SAFE_INTEGER) =>
  z.preprocess(
    emptyToUndefined,
    z.coerce.number().int('must be a whole number').min(1, 'must be at least 1').max(max).default(fallback),
  );

/** The alert-notifier's own variables (both hosts validate them at boot). */
export const notifierEnvShape = {
  /**
   * Where the web app is, for the links in emails (product page, manage alerts, unsubscribe).
   * Unset: the gateway this process answers behind — `http://localhost:$PORT` (the embedded host,
   * which fills in its bound port once it listens), or the gateway's URL, which
   * `npm run start:distributed` sets because there this process has a port of its own.
   */
  APP_URL: httpUrl,
  /** The process's port (the shared service variable), for APP_URL's default. */
  PORT: port(8080),
  /**
   * The catalog's HTTP API, to fill an alert's title, image and price and to refuse unknown ids.
   * Unset in the embedded host: it then asks its own gateway (the host sets CATALOG_URL once it
   * listens).
   */
  CATALOG_URL: httpUrl,
  /**
   * Pricing's HTTP API, for a price-drop email's history chart and good-price badge. Unset in the
   * embedded host (it sets PRICING_URL to its own gateway once it listens); unreachable: the email
   * goes out without them.
   */
  PRICING_URL: httpUrl,
  /** Signs unsubscribe links. Unset: a random key generated once and kept in the database. */
  ALERT_UNSUBSCRIBE_SECRET: z.preprocess(emptyToUndefined, z.string().min(32).optional()),
  /** Email retries: tries in all and the first back-off (doubled each try). 10 × 2 s ≈ 17 min. */
  ALERT_EMAIL_ATTEMPTS: positiveInt(10, 50),
  ALERT_EMAIL_BACKOFF_MS: positiveInt(2_000),
  ALERT_EMAIL_CONCURRENCY: positiveInt(8, 128),
  /** How often the sweeper re-enqueues price-drop emails whose job was lost. */
  ALERT_EMAIL_SWEEP_MS: positiveInt(30_000),
  /**
   * How long one sender holds a price-drop email before another may take it over (the first died
   * mid-send). Longer than any SMTP exchange; a takeover after the mail went to SMTP resends it
   * with the same Message-ID.
   */
  ALERT_EMAIL_LEASE_MS: positiveInt(600_000),
  /**
   * A price-drop email still waiting this long for its first send is taken as stranded (its job
   * was lost with a process) and queued again by the sweeper. Queuing it twice is harmless: the
   * queue de-duplicates by notification id and the sender claims the row.
   */
  ALERT_EMAIL_STRANDED_MS: positiveInt(60_000),
  /** How often the digest tick looks for users whose local digest hour has come. */
  ALERT_DIGEST_TICK_MS: positiveInt(60_000),
  /** The demo marketplaces' control endpoint (set by the hosts only while they run the demo). */
  DEMO_CONTROL_URL: httpUrl,
  DEMO_CONTROL_TOKEN: z.preprocess(emptyToUndefined, z.string().optional()),
};
export const notifierEnvSchema = z.object(notifierEnvShape);
export type NotifierEnv = z.infer<typeof notifierEnvSchema>;

export interface NotifierConfig {
  /** APP_URL as set; unset, see `appBaseUrl`. */
  appUrl?: string;
  port: number;
  catalogUrl?: string;
  unsubscribeSecret?: string;
  pricingUrl?: string;
  email: {
    attempts: number;
    backoffMs: number;
    concurrency: number;
    sweepEveryMs: number;
    leaseMs: number;
    strandedAfterMs: number;
    digestTickMs: number;
  };
  demoControl?: { url: string; token?: string };
}

export function toNotifierConfig(env: Record<string, unknown>): NotifierConfig {
  const e = notifierEnvSchema.parse(env);
  return {
    ...(e.APP_URL ? { appUrl: e.APP_URL.replace(/\/+$/, '') } : {}),
    port: e.PORT,
    ...(e.CATALOG_URL ? { catalogUrl: e.CATALOG_URL.replace(/\/+$/, '') } : {}),
    ...(e.PRICING_URL ? { pricingUrl: e.PRICING_URL.replace(/\/+$/, '') } : {}),
    ...(e.ALERT_UNSUBSCRIBE_SECRET ? { unsubscribeSecret: e.ALERT_UNSUBSCRIBE_SECRET } : {}),
    email: {
      attempts: e.ALERT_EMAIL_ATTEMPTS,
      backoffMs: e.ALERT_EMAIL_BACKOFF_MS,
      concurrency: e.ALERT_EMAIL_CONCURRENCY,
      sweepEveryMs: e.ALERT_EMAIL_SWEEP_MS,
      leaseMs: e.ALERT_EMAIL_LEASE_MS,
      strandedAfterMs: e.ALERT_EMAIL_STRANDED_MS,
      digestTickMs: e.ALERT_DIGEST_TICK_MS,
    },
    ...(e.DEMO_CONTROL_URL
      ? {
          demoControl: {
            url: e.DEMO_CONTROL_URL.replace(/\/+$/, ''),
            ...(e.DEMO_CONTROL_TOKEN ? { token: e.DEMO_CONTROL_TOKEN } : {}),
          },
        }
      : {}),
  };
}

/**
 * The web app's base URL for mailed links, read per mail: APP_URL when set, else the one the host
 * put in its environment once it listened (the embedded host on PORT=0 learns its port only then),
 * else this process's own port — the embedded host's gateway. Port 0 is no address anyone can
 * open: the conventional 8080 then (as auth's AUTH_SITE_URL).
 */
export function appBaseUrl(
  config: Pick<NotifierConfig, 'appUrl' | 'port'>,
  rawEnv: Record<string, unknown>,
): string {
  if (config.appUrl) return config.appUrl;
  const fromHost = rawEnv.APP_URL;
  if (typeof fromHost === 'string' && /^https?:\/\//i.test(fromHost)) return fromHost.replace(/\/+$/, '');
  return `http://localhost:${config.port || 8080}`;
}
