import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { DEMO_CALLS_PER_DAY } from '@pt/demo-marketplaces';
import { toPricingConfig } from '@pt/pricing';
import { marketplaceEnvironment } from '../../src/demo-marketplaces';

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
    });
    const withRealEbay = await printed(REAL_EBAY);
    expect(withRealEbay.EBAY_CALLS_PER_DAY).toBeUndefined();
    expect(withRealEbay.ALIEXPRESS_CALLS_PER_DAY).toBe(String(DEMO_CALLS_PER_DAY));
  }, 30_000);
});
