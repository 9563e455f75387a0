import { productPageIdOf } from '@pt/domain';
import {
  eventually,
  fastPollingEnv,
  observedPoints,
  priceDropsTo,
  type GatewayCall,
  type JsonAnswer,
  type SmtpSink,
} from '@pt/testing';
import { UNLIMITED_CLIENT } from './load';

/**
 * The price drop every chaos scenario sends through the pipeline while it breaks something: a
 * shopper's alert under a quiet demo listing, an admin's pin below it, and the emails it ends in.
 */

/** A gateway call with a body and a token; the answer's body is read loosely, as GatewayCall's is. */
export type ServedCall = (
  method: string,
  url: string,
  body: unknown,
  token: string,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the scenarios read JSON bodies loosely, as GatewayCall does
) => Promise<JsonAnswer<Record<string, any>>>;

/**
 * A set-up call through the gateway, repeated while it is told to wait (503/429): after a fault's
 * burst the demo marketplaces rate-limit lookups, and an alert's lookup of its listing goes
 * through them.
 */
export function servedCalls(call: GatewayCall, timeoutMs = 60_000): ServedCall {
  return (method, url, body, token) =>
    eventually(
      async () => {
        const res = await call(method, url, body, token);
        return res.status === 503 || res.status === 429 ? undefined : res;
      },
      { timeoutMs, everyMs: 500, what: `${method} ${url} served` },
    );
}

export interface AlertDropRig {
  call: GatewayCall;
  served: ServedCall;
  /** Demo eBay listings whose price stays put for the run unless pinned (quietEbayListings). */
  quiet: Iterator<{ key: string }>;
  tokens: () => { shopper: string; admin: string };
  /** How long pricing may take to record the alerted listing's first snapshot. */
  snapshotTimeoutMs: number;
}

export interface ArmedListing {
  key: string;
  /** Half the listing's price: far enough under the alert's target that one pin crosses it. */
  pinned: number;
}

const cents = (amount: number) => Math.round(amount * 100) / 100;

/**
 * The shopper's alert 5% under the current price of the next quiet listing, once pricing has
 * recorded the listing (its first observation emits no price.changed, so a pin made earlier could
 * become the first price and cross nothing). A probe alert far above the price reads the current
 * price first; the real target then replaces it.
 */
export async function armedQuietListing(rig: AlertDropRig): Promise<ArmedListing> {
  const product = rig.quiet.next().value;
  if (!product) throw new Error('no quiet demo eBay listing left');
  const { shopper } = rig.tokens();
  const probe = await rig.served(
    'POST',
    '/api/v1/alerts',
    { productId: product.key, targetPrice: 1e6 },
    shopper,
  );
  expect(probe.status).toBe(201);
  const current = probe.body.alert.currentPrice as number;
  // 5% under: within pricing's 10% of a target, so the listing is hot (polled every hot interval)
  // from its first poll on; 10% under would just miss it (0.9 × 1.1 < 1) and leave a listing first
  // polled before the pin to its normal interval, which a scenario may set far beyond its run.
  const target = cents(current * 0.95);
  const armed = await rig.served(
    'POST',
    '/api/v1/alerts',
    { productId: product.key, targetPrice: target },
    shopper,
  );
  expect(armed.body.alert).toMatchObject({ state: 'armed', targetPrice: target });
  const history = `/api/v1/products/${encodeURIComponent(product.key)}/price-history?marketplace=ebay`;
  // Observed points only: the demo's simulated past is written when pricing first hears of the
  // listing, before its first observation, and a pin made then would become that first price.
  await eventually(async () => observedPoints((await rig.call('GET', history)).body.points) >= 1, {
    what: 'the alerted listing’s first snapshot',
    timeoutMs: rig.snapshotTimeoutMs,
    everyMs: 250,
  });
  return { key: product.key, pinned: cents(current * 0.5) };
}

/** An admin's demo pin of a listing's price: the next poll sees it. */
export async function pinDemoPrice(rig: AlertDropRig, key: string, price: number): Promise<void> {
  const res = await rig.served(
    'PUT',
    `/api/v1/admin/demo/products/${encodeURIComponent(key)}/price`,
    { price },
    rig.tokens().admin,
  );
  expect(res.status).toBe(200);
}

/** An armed alert on the next quiet listing, then the pin under it: the drop is on its way. */
export async function dropUnderAlert(rig: AlertDropRig): Promise<string> {
  const listing = await armedQuietListing(rig);
  await pinDemoPrice(rig, listing.key, listing.pinned);
  return listing.key;
}

/** SMTP deliveries of a shopper's price-drop mail of one eBay listing (it links to its product page). */
export function priceDropDeliveries(sink: SmtpSink, shopper: string, key: string) {
  const link = `/product/${encodeURIComponent(productPageIdOf('ebay', key))}`;
  return priceDropsTo(sink, shopper).filter((m) => m.text.includes(link));
}

/**
 * The distinct price-drop emails of one listing, told apart by Message-ID: a kill -9 between SMTP
 * accepting a mail and the notifier recording it makes the lease's end resend it with the same
 * Message-ID, which mailboxes show once. SMTP has no exactly-once; resends are reported, not hidden.
 */
export function priceDropMails(sink: SmtpSink, shopper: string, key: string): number {
  return new Set(priceDropDeliveries(sink, shopper, key).map((m) => m.headers['message-id'])).size;
}

/**
 * What a chaos stack needs for a drop to end in mail within one run, on top of its database, Redis
 * and bus: the app's own URLs, SMTP and an admin, alerted listings polled every second, restarts
 * after 300 ms, and an email pipeline that takes over from a killed sender within seconds (a lease
 * of 20 s, a sweep every 2 s, stranded rows and stalled jobs after 10 s; a minute by default), so a
 * resend it causes happens, and is counted, inside the run. The load comes from one address, so
 * the per-client limits, which are not what is under test, are lifted.
 */
export function dropToMailEnv(gateway: string, smtpUrl: string, admin: string): Record<string, string> {
  return {
    SMTP_URL: smtpUrl,
    ADMIN_EMAILS: admin,
    APP_URL: gateway,
    AUTH_SITE_URL: gateway,
    AUTH_EXTERNAL_URL: `${gateway}/auth/v1`,
    RESTART_BACKOFF_MS: '300',
    ...fastPollingEnv(1000),
    ALERT_EMAIL_BACKOFF_MS: '200',
    ALERT_EMAIL_LEASE_MS: '20000',
    ALERT_EMAIL_SWEEP_MS: '2000',
    ALERT_EMAIL_STRANDED_MS: '10000',
    JOB_STALLED_MS: '10000',
    ...UNLIMITED_CLIENT,
  };
}
