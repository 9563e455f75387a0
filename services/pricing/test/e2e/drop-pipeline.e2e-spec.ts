import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { embeddedEnvSchema, startEmbedded, type EmbeddedHost } from '@pt/all-in-one';
import { productEventKey, Topics, type PriceChangedPayload } from '@pt/contracts';
import {
  createManualClock,
  eventually,
  fastPollingEnv,
  startDemoMarketplaces,
  type DemoMarketplaces,
} from '@pt/testing';
import { randomUUID } from 'node:crypto';

const POLL_INTERVAL_MS = 2000;

/**
 * In the embedded host (PGlite, memory bus, inline queue), a tracked demo
 * listing whose price drops shows the drop in its history and as a price.changed event within one
 * poll interval. The demo marketplaces run on a manual clock, so the test decides when the drop
 * happens; pricing itself runs on the real clock with a short interval.
 */
describe('pricing pipeline in the embedded host', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pricing-e2e-'));
  const clock = createManualClock(Date.UTC(2025, 6, 1, 8));
  let demo: DemoMarketplaces;
  let host: EmbeddedHost;

  beforeAll(async () => {
    demo = await startDemoMarketplaces({ seed: 'pricing-e2e', size: 200, clock });
    host = await startEmbedded(
      embeddedEnvSchema.parse({ PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIST: dataDir }),
      {
        ...demo.env,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        ...fastPollingEnv(POLL_INTERVAL_MS),
      },
    );
  });
  afterAll(async () => {
    await host?.close();
    await demo?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('records a tracked listing, then its drop, in the history and as price.changed within one poll interval', async () => {
    const product = demo.catalog
      .byMarketplace('ebay')
      .find((p) => !p.volatile && demo.catalog.nextDrop(p.key, clock.now() + 600_000));
    if (!product?.itemId) throw new Error('no stable demo eBay listing with a drop');
    const drop = demo.catalog.nextDrop(product.key, clock.now() + 600_000)!;
    clock.set(drop.at.getTime() - 60_000);

    const changes: PriceChangedPayload[] = [];
    const subscription = await host.runtime.bus.subscribe(Topics.priceChanged, 'e2e-observer', async (e) => {
      changes.push(e.payload as PriceChangedPayload);
    });
    // What the wishlist service emits when the item is added.
    await host.runtime.bus.publish(Topics.trackingChanged, {
      id: randomUUID(),
      type: Topics.trackingChanged,
      version: 1,
      occurredAt: new Date().toISOString(),
      key: productEventKey('ebay', product.key),
      payload: {
        productId: product.itemId,
        marketplace: 'ebay',
        reason: 'wishlist',
        ownerId: 'e2e-item',
        tracked: true,
      },
    });

    const historyUrl = `${host.url}/api/v1/products/${encodeURIComponent(product.itemId)}/price-history?marketplace=ebay`;
    const history = async () =>
      (await (await fetch(historyUrl)).json()) as {
        points: Array<{ price: number }>;
        statistics: { current: number };
      };
    await eventually(async () => (await history()).points.length === 1, { timeoutMs: 15_000 });
    expect((await history()).points[0].price).toBe(drop.before);

    // The marketplace drops the price now.
    clock.set(drop.at.getTime() + 60_000);
    const droppedAt = Date.now();
    await eventually(() => changes.some((c) => c.productId === product.key), {
      timeoutMs: POLL_INTERVAL_MS + 3000,
    });
    const elapsed = Date.now() - droppedAt;
    expect(changes.filter((c) => c.productId === product.key)).toEqual([
      expect.objectContaining({
        marketplace: 'ebay',
        oldPrice: drop.before,
        newPrice: drop.after,
        dropped: true,
        source: 'poll',
      }),
    ]);
    // One poll interval, plus the outbox relays and the scheduler tick.
    expect(elapsed).toBeLessThan(POLL_INTERVAL_MS + 1500);
    const after = await history();
    expect(after.points.map((p) => p.price)).toEqual([drop.before, drop.after]);
    expect(after.statistics.current).toBe(drop.after);
    await subscription.close();
  });
});
