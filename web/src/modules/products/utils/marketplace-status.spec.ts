import type { MarketplaceStatus } from '@pt/contracts';
import { marketplaceStatusSentences } from './marketplace-status';

const status = (s: MarketplaceStatus) => s;

describe('marketplaceStatusSentences', () => {
  it('with one marketplace ticked, names only the other one the shopper could have chosen (§1)', () => {
    // The catalog's answer to ?marketplace=ebay: AliExpress unticked, the sample-only two skipped.
    const answer = [
      status({ marketplace: 'ebay', status: 'ok', count: 12 }),
      status({ marketplace: 'aliexpress', status: 'skipped', count: 0 }),
      status({ marketplace: 'amazon', status: 'skipped', count: 0 }),
      status({ marketplace: 'walmart', status: 'skipped', count: 0 }),
    ];
    expect(marketplaceStatusSentences(answer)).toEqual(['AliExpress was not searched.']);
  });

  it('says which marketplace failed or ran out of quota, and when to retry', () => {
    const answer = [
      status({
        marketplace: 'ebay',
        status: 'quota',
        count: 0,
        error: { code: 'quota', message: 'x', rateLimited: true, retryAfterMs: 30_000 },
      }),
      status({
        marketplace: 'aliexpress',
        status: 'failed',
        count: 0,
        error: { code: 'timeout', message: 'x', rateLimited: false },
      }),
      status({ marketplace: 'amazon', status: 'ok', count: 2 }),
    ];
    expect(marketplaceStatusSentences(answer)).toEqual([
      'eBay is out of quota right now; its results are missing. Try again in 30 seconds.',
      'AliExpress is not answering; its results are missing.',
    ]);
  });

  it('says nothing when every marketplace answered', () => {
    expect(marketplaceStatusSentences([status({ marketplace: 'ebay', status: 'ok', count: 1 })])).toEqual([]);
  });
});
