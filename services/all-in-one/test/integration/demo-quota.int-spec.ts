import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { DEMO_CALLS_PER_DAY } from '@pt/demo-marketplaces';
import { demoHistoryConfig, toPricingConfig } from '@pt/pricing';
import { DEMO_BADGE_TIMEOUT_MS, marketplaceEnvironment } from '../../src/demo-marketplaces';

const root = path.resolve(__dirname, '..', '..', '..', '..');
const DAY_MS = 24 * 60 * 60 * 1000;
/** The README's quick-poller recipe. */
const RECIPE = { PRICING_POLL_INTERVAL_MS: '5000', PRICING_HOT_POLL_INTERVAL_MS: '5000' };
const REAL_EBAY = { EBAY_CLIENT_ID: 'real-client', EBAY_CLIENT_SECRET: 'real-secret' };

/** Milliseconds between two polls of one marketplace's queue at the pricing config's pace. */
const pollSpacing = (env: Record<string, string | undefined>, marketplace: 'ebay' | 'aliexpress') => {
  const raw: Record<string, unknown> = { ...RECIPE, ...env };
  return DAY_MS / toPricingConfig(raw).callsPerDay[marketplace];
};

/**
 * The README's "see a price-alert email in a minute": the pollers are paced by their share of
 * each credential's daily quota. The demo marketplaces declare a quota of their own, so with the
 * recipe's settings a tracked demo listing is polled every interval (not once a minute, as a real
 * eBay credential's 5,000 calls a day would pace it); real credentials keep the real pacing.
 */
describe('the quota the demo marketplaces declare', () => {
  it('paces the pollers of a demo marketplace well inside the configured interval', async () => {
    const hosted = await marketplaceEnvironment({ ...RECIPE });
    try {
      expect(hosted.env).toMatchObject({
        EBAY_CALLS_PER_DAY: String(DEMO_CALLS_PER_DAY),
        ALIEXPRESS_CALLS_PER_DAY: String(DEMO_CALLS_PER_DAY),
      });
      // Hundreds of tracked listings each polled every 5 s fit the pace.
      expect(pollSpacing(hosted.env, 'ebay')).toBeLessThan(5000 / 100);
      expect(pollSpacing(hosted.env, 'aliexpress')).toBeLessThan(5000 / 100);
    } finally {
      await hosted.close();
    }
  });

  it('leaves a marketplace with real credentials at its real quota and pace', async () => {
    const hosted = await marketplaceEnvironment({ ...RECIPE, ...REAL_EBAY });
    try {
      expect(hosted.env.EBAY_CALLS_PER_DAY).toBeUndefined();
      expect(hosted.env.EBAY_CLIENT_ID).toBe('real-client');
      // 30% of eBay's 5,000 calls a day: one poll every 57.6 s, whatever the interval says.
      expect(pollSpacing(hosted.env, 'ebay')).toBe(57_600);
      // The marketplace without credentials is still the demo, with the demo's quota.
      expect(hosted.env.ALIEXPRESS_CALLS_PER_DAY).toBe(String(DEMO_CALLS_PER_DAY));
    } finally {
      await hosted.close();
    }
  });

  it('keeps a quota the user set for a demo marketplace', async () => {
    const hosted = await marketplaceEnvironment({ ...RECIPE, EBAY_CALLS_PER_DAY: '300' });
    try {
      expect(hosted.env.EBAY_CALLS_PER_DAY).toBe('300');
    } finally {
      await hosted.close();
    }
  });

  // The distributed host (start-distributed.mjs) gives every process what this process prints.
  it('is handed to the distributed processes by the demo marketplaces process, never for real credentials', async () => {
    const printed = async (env: Record<string, string>) => {
      const child = execFile(process.execPath, [path.join(root, 'services/all-in-one/dist/demo-main.js')], {
        cwd: root,
        env: { PATH: process.env.PATH ?? '', ...env },
      });
      try {
        return await new Promise<Record<string, string>>((resolve, reject) => {
          let out = '';
          child.stdout?.on('data', (chunk: Buffer) => {
            out += chunk.toString();
            const match = /DEMO_MARKETPLACES_ENV=(.*)\n/.exec(out);
            if (match) resolve(JSON.parse(match[1] as string) as Record<string, string>);
          });
          child.once('exit', (code) => reject(new Error(`demo-main exited with ${code}`)));
        });
      } finally {
        child.kill('SIGTERM');
        await promisify(setImmediate)();
      }
    };
    expect(await printed({})).toMatchObject({
      EBAY_CALLS_PER_DAY: String(DEMO_CALLS_PER_DAY),
      ALIEXPRESS_CALLS_PER_DAY: String(DEMO_CALLS_PER_DAY),
      // The distributed catalog gets the demo's badge deadline too.
      CATALOG_BADGE_TIMEOUT_MS: String(DEMO_BADGE_TIMEOUT_MS),
    });
    const withRealEbay = await printed(REAL_EBAY);
    expect(withRealEbay.EBAY_CALLS_PER_DAY).toBeUndefined();
    expect(withRealEbay.ALIEXPRESS_CALLS_PER_DAY).toBe(String(DEMO_CALLS_PER_DAY));
    // The gateway's CSP and pricing's demo history learn which marketplaces the demo serves.
    expect(withRealEbay.DEMO_MARKETPLACES).toBe('aliexpress');
    expect(withRealEbay.DEMO_SEED).toBe('price-tracker');
    expect(withRealEbay.DEMO_IMAGE_ORIGINS).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(withRealEbay.DEMO_IMAGE_ORIGINS).toBe(new URL(withRealEbay.ALIEXPRESS_API_URL!).origin);
  }, 30_000);

  it('names the demo-served marketplaces, their picture origins and the seed; pricing backfills only those', async () => {
    const both = await marketplaceEnvironment({ DEMO_SEED: 'quota-spec' });
    const realEbay = await marketplaceEnvironment({ ...REAL_EBAY });
    try {
      expect(both.env).toMatchObject({ DEMO_MARKETPLACES: 'ebay,aliexpress', DEMO_SEED: 'quota-spec' });
      expect(both.env.DEMO_IMAGE_ORIGINS?.split(',')).toEqual([
        new URL(both.demo!.ebayUrl).origin,
        new URL(both.demo!.aliexpressUrl).origin,
      ]);
      expect(demoHistoryConfig(both.env, 'development')?.marketplaces).toEqual(['ebay', 'aliexpress']);
      expect(demoHistoryConfig(both.env, 'production')).toBeUndefined();
      // Real eBay credentials: eBay listings are real, never given a simulated past.
      expect(realEbay.env.DEMO_MARKETPLACES).toBe('aliexpress');
      expect(demoHistoryConfig(realEbay.env, 'development')?.marketplaces).toEqual(['aliexpress']);
    } finally {
      await both.close();
      await realEbay.close();
    }
    const allReal = await marketplaceEnvironment({
      ...REAL_EBAY,
      ALIEXPRESS_APP_KEY: '777001',
      ALIEXPRESS_APP_SECRET: 'real-secret',
    });
    expect(allReal.demo).toBeUndefined();
    expect(allReal.env.DEMO_MARKETPLACES).toBeUndefined();
    expect(demoHistoryConfig(allReal.env, 'development')).toBeUndefined();
  });

  it('gives the catalog a longer badge deadline exactly while pricing backfills demo listings (first search page filled in the badges request)', async () => {
    const cases: Array<[Record<string, string>, string | undefined]> = [
      [{}, String(DEMO_BADGE_TIMEOUT_MS)],
      [{ ...REAL_EBAY }, String(DEMO_BADGE_TIMEOUT_MS)],
      [{ DEMO_HISTORY_BACKFILL: 'off' }, undefined],
      [{ NODE_ENV: 'production' }, undefined],
      [{ CATALOG_BADGE_TIMEOUT_MS: '800' }, '800'],
      [{ ...REAL_EBAY, ALIEXPRESS_APP_KEY: '777001', ALIEXPRESS_APP_SECRET: 'real-secret' }, undefined],
    ];
    for (const [rawEnv, expected] of cases) {
      const environment = await marketplaceEnvironment(rawEnv);
      try {
        expect({ rawEnv, deadline: environment.env.CATALOG_BADGE_TIMEOUT_MS }).toEqual({
          rawEnv,
          deadline: expected,
        });
      } finally {
        await environment.close();
      }
    }
  });
});
