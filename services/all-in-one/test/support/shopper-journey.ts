import type { DemoCatalog } from '@pt/testing';
import type { SmtpSink } from '@pt/testing';

/**
 * Steps of a shopper and an admin through the gateway of a running host (distributed mode), shared
 * by the distributed e2e test and the chaos tier: real tokens from /auth/v1 with the confirmation
 * mail read from an SMTP sink, and the demo listings whose price only an admin's pin moves.
 */

export interface JsonAnswer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read JSON bodies loosely
  body: Record<string, any>;
}

export type GatewayCall = (
  method: string,
  url: string,
  body?: unknown,
  token?: string,
) => Promise<JsonAnswer>;

/** JSON calls to the gateway from one client address (auth's per-IP limits outlast a run in Redis). */
export function gatewayClient(gateway: () => string, clientIp: string): GatewayCall {
  return async (method, url, body, token) => {
    const res = await fetch(`${gateway()}${url}`, {
      method,
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': clientIp,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(15_000),
    });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as JsonAnswer['body']) : {} };
  };
}

/**
 * §2: sign up, confirm with the token of the mail the sink received, sign in; the access token.
 * The confirmation link opens the web app's token processor on `site`, which confirms with
 * POST /verify — done here directly.
 */
export async function signedIn(
  call: GatewayCall,
  sink: SmtpSink,
  email: string,
  site: string,
  password = 'correct horse battery',
): Promise<string> {
  const signup = await call('POST', '/auth/v1/signup', { email, password, data: { name: 'Ada' } });
  expect(signup.status).toBe(200);
  const confirmation = await sink.waitFor((m) => m.envelope.to.includes(email), 30_000);
  const url = new URL(/https?:\/\/\S+/.exec(confirmation.text)?.[0] ?? 'about:blank');
  expect({ origin: url.origin, type: url.searchParams.get('type') }).toEqual({
    origin: site,
    type: 'signup',
  });
  const tokenHash = url.searchParams.get('token');
  expect(tokenHash).toBeTruthy();
  const verified = await call('POST', '/auth/v1/verify', { type: 'signup', token_hash: tokenHash });
  expect(verified.status).toBe(200);
  const session = await call('POST', '/auth/v1/token?grant_type=password', { email, password });
  expect(session.status).toBe(200);
  return session.body.access_token as string;
}

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

/** Price-drop mails of one recipient in the sink. */
export const priceDropsTo = (sink: SmtpSink, email: string) =>
  sink.messages().filter((m) => m.envelope.to.includes(email) && m.subject.startsWith('Price drop'));
