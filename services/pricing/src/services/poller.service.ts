import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { createEventEnvelope, Topics, type EventEnvelope, type PollBatchJob } from '@pt/contracts';
import { addToOutbox, CLOCK, DATABASE, LOGGER, type Clock, type Database, type Logger } from '@pt/platform';
import { listingKeyOf } from '@pt/domain';
import {
  listingPriceOf,
  listingShippingOf,
  type MarketplaceError,
  type MarketplaceProduct,
} from '@pt/marketplaces';
import type { PricingConfig } from '../config';
import { listingsPolledTotal, pollDuration, pollJobsTotal } from '../metrics';
import { ApiUsageRepository } from '../repositories/api-usage.repository';
import { PollStateRepository, type PollUpdate } from '../repositories/poll-state.repository';
import { PriceSnapshotsRepository, type ListingKey } from '../repositories/price-snapshots.repository';
import { TrackingRepository } from '../repositories/tracking.repository';
import { MARKETPLACE_DRIVERS, PRICING_CONFIG, PRICING_SCHEMA } from '../tokens';
import { apiCallsFor, type PollDrivers } from './marketplace-batching';
import {
  HOT_PRIORITY,
  isNearTarget,
  nextDueAfterFailure,
  nextDueAfterSuccess,
  nextDueWhenUnavailable,
  NORMAL_PRIORITY,
  pollIntervalMs,
} from './poll-policy';
import { canonicalProductId } from './product-key';

export interface PollOutcome {
  observed: number;
  notFound: number;
  failed: number;
}

/**
 * One poll job: one getItems call for up to 20 listings, then in ONE transaction
 * the price.observed events (outbox), each listing's next due time or back-off, unavailable
 * marks for vanished listings, and the API calls spent. The recorder turns the events into
 * snapshots like any other observation.
 */
@Injectable()
export class PollerService {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(PRICING_CONFIG) private readonly config: PricingConfig,
    @Inject(MARKETPLACE_DRIVERS) private readonly drivers: PollDrivers,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly tracking: TrackingRepository,
    private readonly pollState: PollStateRepository,
    private readonly snapshots: PriceSnapshotsRepository,
    private readonly apiUsage: ApiUsageRepository,
  ) {}

  async poll(job: PollBatchJob): Promise<PollOutcome> {
    const { marketplace } = job;
    const driver = this.drivers.get(marketplace);
    if (!driver) throw new Error(`no ${marketplace} driver is configured`);
    // The job names listings by their ids; any other form of them (a driver's answer) maps back.
    const ids = [...new Set(job.productIds)];
    const keys: ListingKey[] = [
      ...new Map(ids.map((id) => [canonicalProductId(marketplace, id), id])).keys(),
    ].map((productId) => ({ productId, marketplace }));
    const stopTimer = pollDuration.startTimer({ marketplace });
    const result = await driver.getItems(ids);
    stopTimer();
    const now = this.clock.now();

    const found = new Map<string, MarketplaceProduct>();
    for (const product of result.products) found.set(canonicalProductId(marketplace, product.id), product);
    const failed = new Map<string, MarketplaceError>(
      result.failed.map((f) => [canonicalProductId(marketplace, f.id), f.error]),
    );
    const [targets, failures] = await Promise.all([
      this.tracking.alertTargets(keys),
      this.pollState.failures(keys),
    ]);

    const updates: PollUpdate[] = [];
    const envelopes: EventEnvelope[] = [];
    const gone: ListingKey[] = [];
    for (const key of keys) {
      const id = `${marketplace}:${key.productId}`;
      const answered = found.get(key.productId);
      // Listed but with no stock (eBay's OUT_OF_STOCK): not on sale, like a vanished listing, and
      // its price is not one a shopper can pay, so it records nothing.
      const outOfStock = answered?.availability === 'out_of_stock';
      const product = outOfStock ? undefined : answered;
      const error = failed.get(key.productId);
      const failuresSoFar = failures.get(id) ?? 0;
      if (product) {
        const hot = isNearTarget(product.price.amount, targets.get(id) ?? []);
        updates.push({
          ...key,
          nextDueAt: nextDueAfterSuccess(now, this.config, hot),
          intervalMs: pollIntervalMs(this.config, hot),
          priority: hot ? HOT_PRIORITY : NORMAL_PRIORITY,
          failures: 0,
          lastError: null,
          success: true,
        });
        envelopes.push(this.observed(key, product, now, job.traceparent));
      } else if (error) {
        updates.push({
          ...key,
          nextDueAt: nextDueAfterFailure(now, this.config, failuresSoFar + 1, error.retryAfterMs),
          intervalMs: this.config.pollIntervalMs,
          priority: NORMAL_PRIORITY,
          failures: failuresSoFar + 1,
          lastError: `${error.code}: ${error.message}`.slice(0, 500),
          success: false,
        });
      } else {
        // Not found (or no longer passing the §5 checks), or out of stock: the listing is not on
        // sale. Keep its history, mark it unavailable and look again after goneRecheckMs.
        gone.push(key);
        updates.push({
          ...key,
          nextDueAt: nextDueWhenUnavailable(now, this.config),
          intervalMs: this.config.goneRecheckMs,
          priority: NORMAL_PRIORITY,
          failures: failuresSoFar + 1,
          lastError: outOfStock
            ? 'out_of_stock: the marketplace lists it with no stock'
            : 'not_found: the marketplace no longer lists it',
          success: false,
        });
      }
    }

    await this.db.transaction(async (tx) => {
      await addToOutbox(tx, PRICING_SCHEMA, Topics.priceObserved, envelopes);
      await this.pollState.finish(updates, now, tx);
      await this.snapshots.markUnavailable(gone, now, tx);
      await this.apiUsage.add(marketplace, now, apiCallsFor(marketplace, driver, ids.length), tx);
    });

    const outcome = {
      observed: envelopes.length,
      notFound: gone.length,
      failed: updates.length - envelopes.length - gone.length,
    };
    listingsPolledTotal.inc({ marketplace, result: 'observed' }, outcome.observed);
    listingsPolledTotal.inc({ marketplace, result: 'not_found' }, outcome.notFound);
    listingsPolledTotal.inc({ marketplace, result: 'failed' }, outcome.failed);
    pollJobsTotal.inc({
      marketplace,
      outcome: outcome.failed === 0 ? 'ok' : outcome.observed > 0 ? 'partial' : 'failed',
    });
    if (outcome.failed > 0) {
      // The driver logged each upstream failure once (summarised when it repeats): a batch that
      // failed only for such reasons (429, 5xx, timeout, spent quota) adds no line of its own.
      const expected = result.failed.every((f) => f.error.transient || f.error.code === 'bad_response');
      this.logger[expected ? 'debug' : 'warn'](
        { marketplace, ...outcome },
        'poll batch had failures; those listings back off',
      );
    }
    return outcome;
  }

  private observed(
    key: ListingKey,
    product: MarketplaceProduct,
    now: Date,
    traceparent?: string,
  ): EventEnvelope {
    return createEventEnvelope(
      Topics.priceObserved,
      {
        productId: key.productId,
        marketplace: key.marketplace as PollBatchJob['marketplace'],
        // The listing's own price: the pollers ask in the default region, which may be converted.
        price: listingPriceOf(product).amount,
        currency: listingPriceOf(product).currency,
        observedAt: now.toISOString(),
        source: 'poll',
        shipping: listingShippingOf(product),
        title: product.title,
        ...(isHttpUrl(product.url) ? { url: product.url } : {}),
        ...(isHttpUrl(product.imageUrl) ? { imageUrl: product.imageUrl } : {}),
      },
      {
        id: randomUUID(),
        occurredAt: now.toISOString(),
        // The listing key: the catalog keys its lookups of this listing alike.
        key: listingKeyOf(key.marketplace as PollBatchJob['marketplace'], key.productId),
        ...(traceparent ? { traceparent } : {}),
      },
    );
  }
}

function isHttpUrl(value: string | undefined): value is string {
  if (!value) return false;
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}
