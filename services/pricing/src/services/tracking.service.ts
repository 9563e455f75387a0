import { Inject, Injectable } from '@nestjs/common';
import type { TrackingChangedPayload } from '@pt/contracts';
import { CLOCK, DATABASE, type Clock, type Database, type Queryable } from '@pt/platform';
import type { PricingConfig } from '../config';
import { PriceHistoryRepository } from '../repositories/price-history.repository';
import { PollStateRepository } from '../repositories/poll-state.repository';
import { TrackingRepository } from '../repositories/tracking.repository';
import { PRICING_CONFIG } from '../tokens';
import {
  dueAfterTrackingChange,
  HOT_PRIORITY,
  isNearTarget,
  NORMAL_PRIORITY,
  pollIntervalMs,
} from './poll-policy';
import { canonicalProductId } from './product-key';

/**
 * The tracking set: per listing, why it is polled. Reasons are counted by
 * (reason, owner), so a repeated tracking.changed changes nothing; the last reason gone stops the
 * polling. A new or changed alert may make the listing hot (hourly refresh).
 */
@Injectable()
export class TrackingService {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(PRICING_CONFIG) private readonly config: PricingConfig,
    private readonly tracking: TrackingRepository,
    private readonly pollState: PollStateRepository,
    private readonly history: PriceHistoryRepository,
  ) {}

  /** Applies one change in the caller's transaction (the consumer's idempotent one) or its own. */
  async apply(change: TrackingChangedPayload, tx?: Queryable): Promise<{ tracked: boolean }> {
    if (!tx) return this.db.transaction((t) => this.apply(change, t));
    const key = {
      productId: canonicalProductId(change.marketplace, change.productId),
      marketplace: change.marketplace,
    };
    const now = this.clock.now();
    await this.tracking.lockListing(tx, key);
    if (!change.tracked) {
      const still = await this.tracking.removeReason(tx, {
        ...key,
        reason: change.reason,
        ownerId: change.ownerId,
      });
      if (still) await this.reschedule(tx, key, now, false);
      return { tracked: still };
    }
    const created = await this.tracking.addReason(
      tx,
      {
        ...key,
        reason: change.reason,
        ownerId: change.ownerId,
        ...(change.reason === 'alert' && change.targetPrice && change.targetPrice > 0
          ? { targetPrice: change.targetPrice }
          : {}),
      },
      now,
    );
    await this.reschedule(tx, key, now, created);
    return { tracked: true };
  }

  /** A newly tracked listing is due now; otherwise the (maybe hotter) interval may pull it earlier. */
  private async reschedule(
    tx: Queryable,
    key: { productId: string; marketplace: string },
    now: Date,
    created: boolean,
  ): Promise<void> {
    const targets =
      (await this.tracking.alertTargets([key], tx)).get(`${key.marketplace}:${key.productId}`) ?? [];
    const current = await this.history.current(key, tx);
    const hot = isNearTarget(current?.price, targets);
    const interval = pollIntervalMs(this.config, hot);
    const nextDueAt = created
      ? now
      : dueAfterTrackingChange(new Date(now.getTime() + interval), now, this.config, hot);
    await this.pollState.upsert(tx, key, {
      nextDueAt,
      intervalMs: interval,
      priority: hot ? HOT_PRIORITY : NORMAL_PRIORITY,
    });
  }
}
