import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { embeddedEnvSchema, startEmbedded, type EmbeddedHost } from '@pt/all-in-one';
import type { StoredMail } from '@pt/platform';
import {
  eventually,
  fastPollingEnv,
  gatewayClient,
  outboxMail,
  signedIn as signUpAndIn,
  observedPoints,
} from '@pt/testing';

const POLL_INTERVAL_MS = 1500;

/**
 * A price alert end to end in the embedded host (PGlite, memory bus, inline queue, file
 * outbox, demo marketplaces) through the gateway with real tokens: sign up, confirm, create an
 * alert, an admin pins the demo price below the target, and the price-drop mail appears in the
 * outbox once — the README's "see an alert email in a minute".
 */
describe('price alert email in the embedded host', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'alerts-e2e-'));
  const outbox = path.join(dataDir, 'outbox');
  let host: EmbeddedHost;

  const previousAdmins = process.env.ADMIN_EMAILS;

  beforeAll(async () => {
    // The auth service reads ADMIN_EMAILS from the process environment.
    process.env.ADMIN_EMAILS = 'admin@example.com';
    const env = {
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      ADMIN_EMAILS: 'admin@example.com',
      DEMO_SEED: 'alerts-e2e',
      APP_URL: 'http://app.test',
      ...fastPollingEnv(POLL_INTERVAL_MS),
    };
    host = await startEmbedded(
      embeddedEnvSchema.parse({ PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIST: dataDir }),
      env,
    );
    // Booting every service on PGlite takes tens of seconds on a busy machine.
  }, 180_000);
  afterAll(async () => {
    await host?.close();
    if (previousAdmins === undefined) delete process.env.ADMIN_EMAILS;
    else process.env.ADMIN_EMAILS = previousAdmins;
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const mails = (): StoredMail[] =>
    fs.existsSync(outbox)
      ? fs
          .readdirSync(outbox)
          .filter((f) => f.endsWith('.json'))
          .map((f) => JSON.parse(fs.readFileSync(path.join(outbox, f), 'utf8')) as StoredMail)
      : [];

  const call = gatewayClient(() => host.url);
  const signedIn = (email: string) => signUpAndIn(call, outboxMail(outbox), email);

  it('sign up, confirm, create an alert, pin the demo price below the target: one email in the outbox', async () => {
    const demo = host.demo;
    if (!demo) throw new Error('the embedded host started no demo marketplace');
    const product = demo.catalog.byMarketplace('ebay').find((p) => !p.volatile && !p.variationId);
    if (!product) throw new Error('no stable demo eBay listing');

    const user = await signedIn('shopper@example.com');
    const admin = await signedIn('admin@example.com');

    // Anonymous and non-admin callers cannot pin prices.
    expect((await call('PUT', `/api/v1/admin/demo/products/${product.key}/price`, { price: 1 })).status).toBe(
      401,
    );
    expect(
      (await call('PUT', `/api/v1/admin/demo/products/${product.key}/price`, { price: 1 }, user)).status,
    ).toBe(403);

    const created = await call(
      'POST',
      '/api/v1/alerts',
      { productId: product.key, targetPrice: 1_000_000 },
      user,
    );
    // At or above the current price: the alert starts met and sends nothing (it would re-arm above).
    expect({ status: created.status, error: created.body.error }).toEqual({ status: 201, error: undefined });
    expect(created.body.alert.state).toBe('met');
    const current = created.body.alert.currentPrice as number;
    expect(current).toBeGreaterThan(0);
    const target = Math.round(current * 0.9 * 100) / 100;
    const alert = await call('POST', '/api/v1/alerts', { productId: product.key, targetPrice: target }, user);
    expect(alert.status).toBe(201);
    expect(alert.body).toMatchObject({ replaced: true, alert: { state: 'armed', targetPrice: target } });

    // Pricing has recorded the current price before the pin (the alert's lookup observed it).
    const history = `/api/v1/products/${product.key}/price-history?marketplace=ebay`;
    await eventually(async () => observedPoints((await call('GET', history)).body.points) >= 1, {
      what: 'first snapshot',
      timeoutMs: 30_000,
    });

    const pinned = Math.round(current * 0.5 * 100) / 100;
    const pin = await call(
      'PUT',
      `/api/v1/admin/demo/products/${product.key}/price`,
      { price: pinned },
      admin,
    );
    expect(pin).toEqual({
      status: 200,
      body: { productId: product.key, marketplace: 'ebay', pinnedPrice: pinned },
    });

    const drop = await eventually(
      () => mails().find((m) => m.to === 'shopper@example.com' && m.subject.startsWith('Price drop')),
      { what: 'price-drop email', timeoutMs: 60_000 },
    );
    expect(drop.text).toContain(`→ $${pinned.toFixed(2)}`);
    expect(drop.headers['List-Unsubscribe-Post'] ?? drop.headers['list-unsubscribe-post']).toBe(
      'List-Unsubscribe=One-Click',
    );

    // The pollers keep polling the pinned price; two more polls of the listing send nothing more.
    const requestsAtMail = demo.requests.count({ marketplace: 'ebay' });
    await eventually(() => demo.requests.count({ marketplace: 'ebay' }) >= requestsAtMail + 2, {
      what: 'two more polls',
      timeoutMs: 30_000,
    });
    expect(
      mails().filter((m) => m.to === 'shopper@example.com' && m.subject.startsWith('Price drop')),
    ).toHaveLength(1);

    const unpin = await call('DELETE', `/api/v1/admin/demo/products/${product.key}/price`, undefined, admin);
    expect(unpin.body).toEqual({ productId: product.key, marketplace: 'ebay', pinnedPrice: null });
  });
});
