import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { embeddedEnvSchema, startEmbedded, type EmbeddedHost } from '@pt/all-in-one';
import {
  PriceHistoryViewSchema,
  Topics,
  type EventEnvelope,
  type PriceChangedPayload,
  type PriceObservedPayload,
} from '@pt/contracts';
import { listingIdOf } from '@pt/domain';
import { parseConfig } from '@pt/platform';
import { observationsTotal } from '@pt/pricing/metrics';
import { eventually } from '@pt/testing';

/**
 * ARCHITECTURE §6 "One history per listing, in the listing's currency", through the real catalog
 * lookup, the demo marketplaces (which quote a listing in the viewer's currency and say its own,
 * as eBay Browse and the AliExpress affiliate API do) and the real recorder: views of one listing
 * from the US, Germany and Japan are one series in the listing's currency, and no price moved.
 */
describe('one history per listing, in its currency, whatever region views it', () => {
  let host: EmbeddedHost;
  let dataDir: string;
  const observed: EventEnvelope<PriceObservedPayload>[] = [];
  const changed: EventEnvelope<PriceChangedPayload>[] = [];

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'listing-currency-'));
    const rawEnv = { PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'test' };
    host = await startEmbedded(parseConfig(embeddedEnvSchema, rawEnv), rawEnv);
    await host.runtime.bus.subscribe(Topics.priceObserved, 'listing-currency-test', async (e) => {
      observed.push(e as EventEnvelope<PriceObservedPayload>);
    });
    await host.runtime.bus.subscribe(Topics.priceChanged, 'listing-currency-test', async (e) => {
      changed.push(e as EventEnvelope<PriceChangedPayload>);
    });
  }, 120_000);
  afterAll(async () => {
    await host?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** price.observed events the recorder has decided, whatever the outcome. */
  const recorderDecisions = async () =>
    (await observationsTotal.get()).values.reduce((sum, v) => sum + v.value, 0);

  /** A demo listing whose price does not move during the test. */
  const steadyListing = (marketplace: 'ebay' | 'aliexpress') => {
    const catalog = host.demo!.catalog;
    const quiet = (key: string) => {
      const drop = catalog.nextDrop(key, Date.now());
      return !drop || drop.at.getTime() > Date.now() + 10 * 60_000;
    };
    const product = catalog
      .byMarketplace(marketplace)
      .find((p) => !p.volatile && !p.variationId && quiet(p.key));
    if (!product) throw new Error(`no steady demo ${marketplace} listing`);
    return marketplace === 'ebay' ? product.itemId! : `aliexpress_${product.key}`;
  };

  it.each(['ebay', 'aliexpress'] as const)(
    'records %s views from the us, de and jp regions as one series in the listing currency, with no price.changed',
    async (marketplace) => {
      const id = steadyListing(marketplace);
      const stored = listingIdOf(marketplace, id);
      const decidedBefore = await recorderDecisions();
      const shown: Array<[string, string]> = [];
      for (const region of ['us', 'de', 'jp', 'us']) {
        const res = await fetch(`${host.url}/api/v1/products/${encodeURIComponent(id)}?region=${region}`);
        expect(res.status).toBe(200);
        const body = (await res.json()) as { source: string; product: { currency: string } };
        // The shopper still sees the region's currency, straight from the marketplace.
        expect(body.source).toBe('live');
        shown.push([region, body.product.currency]);
      }
      expect(shown).toEqual([
        ['us', 'USD'],
        ['de', 'EUR'],
        ['jp', 'JPY'],
        ['us', 'USD'],
      ]);
      const mine = () => observed.filter((e) => e.payload.productId === id);
      await eventually(() => mine().length === 4);
      // Every observation is of the listing's own price, in its own currency.
      const prices = new Set(mine().map((e) => `${e.payload.price} ${e.payload.currency}`));
      expect([...prices]).toHaveLength(1);
      expect([...prices][0]).toMatch(/ USD$/);

      const historyUrl = `${host.url}/api/v1/products/${encodeURIComponent(id)}/price-history?marketplace=${marketplace}&days=all`;
      // Every observation decided by the recorder (the metric counts after each commit).
      await eventually(async () => (await recorderDecisions()) >= decidedBefore + 4);
      const history = PriceHistoryViewSchema.parse(await (await fetch(historyUrl)).json());
      expect(history.listingCurrency).toBe('USD');
      expect(history.currency).toBe('USD');
      // The observed points (the demo's simulated past, source demo, comes before them).
      const observedPoints = history.points.filter((p) => p.source !== 'demo');
      expect(observedPoints.map((p) => p.listingPrice)).toEqual([mine()[0].payload.price]);

      const inEuro = PriceHistoryViewSchema.parse(await (await fetch(`${historyUrl}&currency=EUR`)).json());
      expect(inEuro).toMatchObject({ listingCurrency: 'USD', currency: 'EUR', rate: 0.92 });

      // Snapshot and price.changed are written by one statement: with one snapshot there is no
      // change to announce, neither on the bus nor still in the outbox.
      const { rows: pending } = await host.runtime.db.query(
        `SELECT 1 FROM pricing.outbox WHERE topic = $1 AND envelope->'payload'->>'productId' = $2`,
        [Topics.priceChanged, stored],
      );
      expect(pending).toEqual([]);
      expect(changed.filter((e) => listingIdOf(marketplace, e.payload.productId) === stored)).toEqual([]);
    },
    60_000,
  );
});
