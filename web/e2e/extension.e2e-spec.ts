/// <reference lib="dom" />
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium as playwright, type BrowserContext, type Page } from 'playwright-core';
import {
  AlertListResponseSchema,
  AlsoOnResponseSchema,
  ProductResponseSchema,
  StoredWishlistSchema,
} from '@pt/contracts';
import { DemoCatalog, startItemPagesServer, type ItemPagesServer } from '@pt/demo-marketplaces';
import { formatPrice, listingKeyOf } from '@pt/domain';
import {
  CHROMIUM_PATH,
  chromiumAvailability,
  eventually,
  gatewayClient,
  type GatewayCall,
} from '@pt/testing';
import { closedShadow } from './support/closed-shadow';
import { crossListedModel } from './support/cross-listed';
import {
  HOOK_TIMEOUT_MS,
  PASSWORD,
  registerAndConfirm,
  startWebHarness,
  uniqueEmail,
  type WebHarness,
} from './support/web-host';

/**
 * The browser extension in Debian's Chromium (headless new mode, loaded unpacked), on the demo
 * marketplaces' item pages served under the real hostnames (--host-resolver-rules maps them to a
 * loopback HTTPS server), so the manifest's production match patterns are what select the pages.
 * The extension is built for this test's app origin, its one host permission.
 */
const chromium = chromiumAvailability();
const describeWithBrowser = chromium.available ? describe : describe.skip;
const DEMO_SEED = 'extension-journey';
const PANEL = 'data-price-tracker-panel';
const root = path.resolve(__dirname, '..', '..');

describeWithBrowser(`browser extension${chromium.available ? '' : ` skipped: ${chromium.reason}`}`, () => {
  let h: WebHarness;
  let call: GatewayCall;
  let pages: ItemPagesServer;
  let context: BrowserContext;
  let work: string;
  const catalog = new DemoCatalog({ seed: DEMO_SEED });
  const listing = catalog.byMarketplace('ebay').find((p) => !p.variationId)!;
  const itemUrl = `https://www.ebay.com/itm/${listing.key}`;
  const productId = `v1|${listing.key}|0`;

  beforeAll(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'extension-e2e-'));
    h = await startWebHarness({ DEMO_SEED });
    call = gatewayClient(() => h.url);
    const extension = path.join(work, 'extension');
    execFileSync(process.execPath, [
      path.join(root, 'extension', 'build.mjs'),
      '--app-origin',
      h.url,
      '--out',
      extension,
    ]);
    // The real sites are https, and so are the match patterns: a self-signed certificate for both.
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=www.ebay.com',
        '-addext',
        'subjectAltName=DNS:www.ebay.com,DNS:www.aliexpress.com',
        '-keyout',
        path.join(work, 'key.pem'),
        '-out',
        path.join(work, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    pages = await startItemPagesServer({
      catalog,
      tls: {
        key: fs.readFileSync(path.join(work, 'key.pem'), 'utf8'),
        cert: fs.readFileSync(path.join(work, 'cert.pem'), 'utf8'),
      },
    });
    context = await playwright.launchPersistentContext(path.join(work, 'profile'), {
      executablePath: CHROMIUM_PATH,
      // The --headless=new below is the mode that runs extensions; Playwright's own flag is the old one.
      headless: false,
      baseURL: h.url,
      args: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        `--disable-extensions-except=${extension}`,
        `--load-extension=${extension}`,
        `--host-resolver-rules=MAP www.ebay.com 127.0.0.1:${pages.port}, MAP www.aliexpress.com 127.0.0.1:${pages.port}`,
        '--ignore-certificate-errors',
      ],
    });
  }, HOOK_TIMEOUT_MS);

  afterAll(async () => {
    await context?.close();
    await pages?.close();
    await h?.close();
    if (work) fs.rmSync(work, { recursive: true, force: true });
  }, HOOK_TIMEOUT_MS);

  /** The panel as the shopper reads it, once it has rendered. */
  const panelOf = (page: Page) =>
    eventually(() => closedShadow(page, PANEL), { what: 'the extension panel', timeoutMs: 30_000 });

  /** A new tab the extension opens while `action` runs. */
  async function openedTab(action: () => Promise<void>): Promise<Page> {
    const [tab] = await Promise.all([context.waitForEvent('page'), action()]);
    await tab.waitForLoadState('domcontentloaded');
    return tab;
  }

  it('on a demo eBay item page the panel shows the price, badge and history; Track adds the item and Alert sets a 10% drop alert once connected', async () => {
    const product = ProductResponseSchema.parse(
      (await call('GET', `/api/v1/products/${encodeURIComponent(productId)}`)).body,
    ).product;
    const history = await call<{ points: unknown[] }>(
      'GET',
      `/api/v1/products/${encodeURIComponent(productId)}/price-history?marketplace=ebay`,
    );
    // The demo's simulated year gives the listing a history and a badge: the panel must show both.
    expect(product.priceBadge?.label).toBeTruthy();
    expect(history.body.points.length).toBeGreaterThan(1);

    const page = await context.newPage();
    await page.goto(itemUrl);
    let panel = await panelOf(page);
    expect(panel.texts).toEqual(
      expect.arrayContaining([
        'Price Tracker',
        formatPrice(product.price, product.currency),
        product.priceBadge!.label,
        'Track',
        'Alert at -10%',
        'Connect',
      ]),
    );
    expect(panel.texts.some((t) => /^Lowest .+ · highest .+ in \d+ days$/.test(t))).toBe(true);
    expect(panel.elements('path')[0]?.d).toMatch(/^M[\d.]+,[\d.]+( L[\d.]+,[\d.]+)+$/);

    // Signed out: Track opens the listing in the app.
    const app = await openedTab(() => panel.click('Track'));
    expect(app.url()).toBe(`${h.url}/product/${encodeURIComponent(productId)}`);

    // Sign in to the app in this browser, then connect the extension from the panel.
    const email = uniqueEmail('extension');
    await registerAndConfirm(h, app, email);
    const connect = await openedTab(() => panel.click('Connect'));
    expect(new URL(connect.url()).pathname).toBe('/extension/connect');
    await connect.getByRole('button', { name: 'Connect the extension' }).click();
    await connect.getByRole('status').getByText('Extension connected').waitFor();

    // Connected: the panel offers Track alone, and Track adds the listing to the default wishlist.
    await page.reload();
    panel = await panelOf(page);
    expect(panel.texts).not.toContain('Connect');
    await panel.click('Track');
    await eventually(
      async () => (await closedShadow(page, PANEL))?.texts.includes('Added to your wishlist'),
      {
        what: 'the panel saying the item was added',
      },
    );
    const session = await call<{ access_token: string }>('POST', '/auth/v1/token?grant_type=password', {
      email,
      password: PASSWORD,
    });
    const lists = await call<{ wishlists: unknown[] }>(
      'GET',
      '/api/v1/wishlists',
      undefined,
      session.body.access_token,
    );
    const items = lists.body.wishlists.map((w) => StoredWishlistSchema.parse(w)).flatMap((w) => w.items);
    expect(items.map((i) => [i.marketplace, i.productId, i.title])).toEqual([
      ['ebay', listingKeyOf('ebay', listing.key), product.title],
    ]);

    // Set alert: a 10% drop alert on the listing, in the user's alerts.
    await panel.click('Alert at -10%');
    await eventually(async () => (await closedShadow(page, PANEL))?.texts.includes('Alert set: 10% drop'), {
      what: 'the panel saying the alert was set',
    });
    const alerts = await call('GET', '/api/v1/alerts', undefined, session.body.access_token);
    expect(
      AlertListResponseSchema.parse(alerts.body).alerts.map((a) => [
        a.marketplace,
        a.productId,
        a.kind,
        a.percent,
      ]),
    ).toEqual([['ebay', listing.key, 'percent_drop', 10]]);
  });

  it('on a demo AliExpress item page the panel shows the price the app has for that listing', async () => {
    const ali = catalog.byMarketplace('aliexpress')[0]!;
    const answer = await call('GET', `/api/v1/products/${encodeURIComponent(`aliexpress_${ali.key}`)}`);
    const { product } = ProductResponseSchema.parse(answer.body);
    const page = await context.newPage();
    await page.goto(`https://www.aliexpress.com/item/${ali.key}.html`);
    const panel = await panelOf(page);
    expect(panel.texts).toEqual(
      expect.arrayContaining(['Price Tracker', formatPrice(product.price, product.currency), 'Track']),
    );
    await page.close();
  });

  it("on a cross-listed model's eBay page the panel names the same product's landed price on AliExpress, as the app matched it", async () => {
    const { ebay } = crossListedModel(DEMO_SEED);
    const id = encodeURIComponent(`v1|${ebay.key}|0`);
    // The app's own answer for a US shopper: the panel must say its cheapest row.
    const alsoOn = AlsoOnResponseSchema.parse(
      (await call('GET', `/api/v1/products/${id}/also-on?region=us`)).body,
    );
    const cheapest = alsoOn.listings[0];
    expect(cheapest?.marketplace).toBe('aliexpress');
    const page = await context.newPage();
    await page.goto(`https://www.ebay.com/itm/${ebay.key}`);
    const panel = await panelOf(page);
    expect(panel.texts).toEqual(
      expect.arrayContaining([
        `Also on ${cheapest!.marketplaceName}:`,
        `${formatPrice(cheapest!.landed, alsoOn.currency)} with shipping`,
      ]),
    );
    expect(panel.elements('a').map((a) => a.href)).toEqual([cheapest!.url]);
    await page.close();
  });

  it('pages it does not understand show no panel and no console errors', async () => {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    page.on('pageerror', (e) => errors.push(e.message));
    const cdp = await context.newCDPSession(page);
    const worlds: number[] = [];
    cdp.on('Runtime.executionContextCreated', ({ context: c }) => {
      if (c.auxData?.type === 'isolated' && c.origin.startsWith('chrome-extension://')) worlds.push(c.id);
    });
    await cdp.send('Runtime.enable');
    // A page outside the match patterns, a junk /itm/ address, and an item id the app does not know.
    for (const url of [
      'https://www.ebay.com/',
      'https://www.ebay.com/itm/not-an-item',
      'https://www.ebay.com/itm/999999999999',
    ]) {
      worlds.length = 0;
      await page.goto(url);
      if (url.includes('/itm/')) {
        // The content script ran (its world exists), and the worker's answer for this page's listing
        // is in: asked again from the content script's own world, it is null.
        const world = await eventually(() => worlds[0], { what: `the content script on ${url}` });
        const { result } = await cdp.send('Runtime.evaluate', {
          contextId: world,
          awaitPromise: true,
          returnByValue: true,
          expression: `(() => { const m = /\\/itm\\/(\\d+)$/.exec(location.pathname); return m ? chrome.runtime.sendMessage({ type: 'panel', listing: { marketplace: 'ebay', listingId: m[1], productId: 'v1|' + m[1] + '|0' } }) : 'unparsed'; })()`,
        });
        expect([null, 'unparsed']).toContain(result.value);
      }
      expect(await page.locator(`[${PANEL}]`).count()).toBe(0);
    }
    expect(errors).toEqual([]);
  });
});
