import type { MarketplaceStatus } from '@pt/contracts';
import { isLiveMarketplace, MARKETPLACE_NAMES, type MarketplaceId } from '@pt/domain';
import { whenToRetry } from '../../../lib/api-error-message';

/**
 * What a shopper should hear about the marketplaces behind a result list: one sentence for each
 * that failed or ran out of quota, and "was not searched" only for one the shopper can choose (the
 * live marketplaces of the filter, §1). The others serve samples only: never searched, never
 * choosable, so naming them is noise.
 */
export function marketplaceStatusSentences(statuses: readonly MarketplaceStatus[]): string[] {
  return statuses
    .filter((s) => s.status !== 'ok' && (s.status !== 'skipped' || isLiveMarketplace(s.marketplace)))
    .map((s) => {
      const name = MARKETPLACE_NAMES[s.marketplace as MarketplaceId] ?? s.marketplace;
      const why = s.error?.rateLimited
        ? 'is out of quota right now; its results are missing'
        : s.status === 'skipped'
          ? 'was not searched'
          : 'is not answering; its results are missing';
      const wait = s.error?.retryAfterMs ? ` ${whenToRetry(s.error.retryAfterMs / 1000)}` : '';
      return `${name} ${why}.${wait}`;
    });
}
