import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { embeddedEnvSchema, startEmbedded, type EmbeddedHost } from '@pt/all-in-one';
import {
  Topics,
  type EventEnvelope,
  type PriceObservedPayload,
  type TrackingChangedPayload,
} from '@pt/contracts';
import { listingIdOf, listingKeyOf } from '@pt/domain';
import { parseConfig } from '@pt/platform';
import { eventually, sleep } from '@pt/testing';

/**
 * The catalog as `npm start` runs it: the embedded host with no marketplace credentials starts the
 * demo marketplaces and points the catalog's drivers at them; requests go through the gateway.
 */
const METRICS_TOKEN = 'metrics-token-for-tests';

describe('catalog in the embedded host, through the gateway', () => {
  let host: EmbeddedHost;
  let dataDir: string;
  const observed: EventEnvelope<PriceObservedPayload>[] = [];

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'catalog-embedded-'));
    const rawEnv = {
      PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
      // The pollers look for due listings often and may spend calls freely (the key test polls).
      PRICING_SCHEDULER_EVERY_MS: '200',
      PRICING_EBAY_CALLS_PER_DAY: '10000000',
      METRICS_TOKEN: METRICS_TOKEN,
    };
    host = await startEmbedded(parseConfig(embeddedEnvSchema, rawEnv), rawEnv);
    await host.runtime.bus.subscribe(Topics.priceObserved, 'catalog-embedded-test', async (envelope) => {
      observed.push(envelope as EventEnvelope<PriceObservedPayload>);
    });
  }, 120_000);
  afterAll(async () => {
    await host?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const get = (p: string) => fetch(`${host.url}${p}`);

  it('searches both demo marketplaces', async () => {
    const res = await get('/api/v1/search?q=yoga%20mat');
    expect(res.status).toBe(200);
    const body = (await res.json()) as { partial: boolean; products: Array<{ marketplace: string }> };
    expect(body.partial).toBe(false);
    expect(new Set(body.products.map((p) => p.marketplace))).toEqual(new Set(['ebay', 'aliexpress']));
  });

  it('looks a product up live, then from the cache, announcing only the live answer', async () => {
    const item = host.demo!.catalog.byMarketplace('ebay').find((p) => !p.variationId)!;
    const id = encodeURIComponent(item.itemId!);
    const first = (await (await get(`/api/v1/products/${id}`)).json()) as { source: string };
    const second = (await (await get(`/api/v1/products/${id}`)).json()) as { source: string };
    expect([first.source, second.source]).toEqual(['live', 'cache']);
    const mine = () => observed.filter((e) => e.payload.productId === item.itemId);
    await eventually(() => mine().length >= 1);
    // The relay runs every few ms: a second observation would be here by now.
    await sleep(300);
    expect(mine()).toHaveLength(1);
  });

  it('keys a lookup and a poll of one listing by the same listing key', async () => {
    const variation = host.demo!.catalog.byMarketplace('ebay').find((p) => p.variationId)!;
    const listing = listingIdOf('ebay', variation.itemId!);
    const res = await get(`/api/v1/products/${encodeURIComponent(variation.itemId!)}`);
    expect(res.status).toBe(200);
    const looked = await eventually(() =>
      observed.find((e) => e.payload.source === 'lookup' && e.payload.productId === variation.itemId),
    );
    // A wishlist starts tracking the listing, naming it in another form; the pollers fetch it.
    const tracking: TrackingChangedPayload = {
      productId: encodeURIComponent(variation.itemId!),
      marketplace: 'ebay',
      reason: 'wishlist',
      ownerId: 'wishlist-item-1',
      tracked: true,
    };
    await host.runtime.bus.publish(Topics.trackingChanged, {
      id: randomUUID(),
      type: Topics.trackingChanged,
      version: 1,
      occurredAt: new Date().toISOString(),
      key: listingKeyOf('ebay', tracking.productId),
      payload: tracking,
    });
    const polled = await eventually(
      () =>
        observed.find(
          (e) => e.payload.source === 'poll' && listingIdOf('ebay', e.payload.productId) === listing,
        ),
      { timeoutMs: 60_000 },
    );
    expect(looked.key).toBe(listingKeyOf('ebay', variation.itemId!));
    expect(polled.key).toBe(looked.key);
  }, 90_000);

  it('answers the other catalog routes', async () => {
    for (const p of [
      '/api/v1/deals',
      '/api/v1/trending',
      '/api/v1/new-arrivals',
      '/api/v1/categories',
      '/api/v1/marketplaces/walmart',
      '/api/v1/geo',
    ]) {
      expect([p, (await get(p)).status]).toEqual([p, 200]);
    }
    const converted = await fetch(`${host.url}/api/v1/currency/convert`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ amount: 10, fromCurrency: 'USD', toCurrency: 'EUR' }),
    });
    expect(await converted.json()).toMatchObject({
      convertedAmount: 9.2,
      source: 'fallback',
      isConverted: true,
    });
    expect((await get('/api/v1/products/%20')).status).toBe(400);
  });

  it('counts lookups and conversions in /metrics', async () => {
    const metrics = await (
      await fetch(`${host.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
    ).text();
    expect(metrics).toMatch(/catalog_lookups_total\{source="live"\} [1-9]/);
    expect(metrics).toMatch(/catalog_currency_conversions_total\{source="fallback"\} [1-9]/);
  });
});
