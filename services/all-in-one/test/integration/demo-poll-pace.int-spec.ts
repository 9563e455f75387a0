import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { productEventKey, Topics, type PriceChangedPayload } from '@pt/contracts';
import { listingIdOf } from '@pt/domain';
import { eventually, quietEbayListings, observedPoints } from '@pt/testing';
import { embeddedEnvSchema, startEmbedded, type EmbeddedHost } from '../../src';

/** The README's quick-poller recipe, as written there; nothing else about pacing is set. */
const RECIPE = {
  PRICING_POLL_INTERVAL_MS: '5000',
  PRICING_HOT_POLL_INTERVAL_MS: '5000',
  PRICING_SCHEDULER_EVERY_MS: '1000',
};
const POLL_INTERVAL_MS = Number(RECIPE.PRICING_POLL_INTERVAL_MS);
const SCHEDULER_EVERY_MS = Number(RECIPE.PRICING_SCHEDULER_EVERY_MS);
/**
 * "Within a few poll intervals": the next poll after the pin is due at most one interval later
 * and picked up at the next scheduler tick; two more intervals absorb a busy machine. At a real
 * eBay credential's pace (one poll every 57.6 s) this bound fails.
 */
const PIN_TO_CHANGE_MS = 3 * POLL_INTERVAL_MS + SCHEDULER_EVERY_MS;

/**
 * The README's "see a price-alert email in a minute" holds in the embedded host (npm start)
 * without marketplace credentials: the demo marketplaces declare their own quota, so an alert's
 * listing is polled every interval, and a pin under the target is a price.changed (what the
 * notifier mails from) within a few poll intervals.
 */
describe('the quick-poller recipe with the demo marketplaces (embedded host)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'poll-pace-'));
  let host: EmbeddedHost;

  beforeAll(async () => {
    host = await startEmbedded(
      embeddedEnvSchema.parse({ PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIST: dataDir }),
      { DATA_DIR: dataDir, LOG_LEVEL: 'silent', DEMO_SEED: 'poll-pace', ...RECIPE },
    );
    // Booting every service on PGlite takes tens of seconds on a busy machine.
  }, 180_000);
  afterAll(async () => {
    await host?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it(`a pin under an alert's target is a price.changed within ${PIN_TO_CHANGE_MS} ms`, async () => {
    const demo = host.demo;
    if (!demo) throw new Error('the embedded host started no demo marketplace');
    const [listing] = quietEbayListings(demo.catalog);
    if (!listing?.itemId) throw new Error('no quiet demo eBay listing');
    const before = demo.catalog.priceAt(listing.key, Date.now());
    const changes: PriceChangedPayload[] = [];
    const subscription = await host.runtime.bus.subscribe(
      Topics.priceChanged,
      'poll-pace-observer',
      async (e) => {
        changes.push(e.payload as PriceChangedPayload);
      },
    );

    // What the alert service announces for an alert 10% under the price.
    await host.runtime.bus.publish(Topics.trackingChanged, {
      id: randomUUID(),
      type: Topics.trackingChanged,
      version: 1,
      occurredAt: new Date().toISOString(),
      key: productEventKey('ebay', listing.key),
      payload: {
        productId: listing.itemId,
        marketplace: 'ebay',
        reason: 'alert',
        ownerId: 'alert-poll-pace',
        tracked: true,
        targetPrice: Math.round(before * 90) / 100,
      },
    });
    const history = `${host.url}/api/v1/products/${encodeURIComponent(listing.key)}/price-history?marketplace=ebay`;
    await eventually(
      async () =>
        observedPoints(((await (await fetch(history)).json()) as { points?: unknown[] }).points) >= 1,
      { what: 'the first poll', timeoutMs: POLL_INTERVAL_MS + SCHEDULER_EVERY_MS + 10_000 },
    );

    const pinned = Math.round(before * 50) / 100;
    demo.catalog.pin(listing.key, pinned);
    const change = await eventually(
      () =>
        changes.find((c) => c.productId === listingIdOf('ebay', listing.itemId!) && c.newPrice === pinned),
      { what: 'the pin as a price.changed', timeoutMs: PIN_TO_CHANGE_MS, everyMs: 100 },
    );
    expect(change).toMatchObject({ oldPrice: before, dropped: true, source: 'poll', currency: 'USD' });
    demo.catalog.unpin(listing.key);
    await subscription.close();
  }, 240_000);
});
