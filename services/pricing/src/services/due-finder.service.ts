import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { JobNames, pollQueueName, type PollBatchJob } from '@pt/contracts';
import type { LiveMarketplaceId } from '@pt/domain';
import {
  CLOCK,
  currentTraceparent,
  JOB_QUEUE,
  LOGGER,
  type Clock,
  type JobQueue,
  type Logger,
} from '@pt/platform';
import type { PricingConfig } from '../config';
import { PollStateRepository, type DueListing } from '../repositories/poll-state.repository';
import { MARKETPLACE_DRIVERS, PRICING_CONFIG } from '../tokens';
import { pollBatchSize, type PollDrivers } from './marketplace-batching';
import { maxBacklogJobs, quotaLimiter } from './poll-policy';

export interface DueRun {
  marketplace: LiveMarketplaceId;
  listings: number;
  jobs: number;
  /** Why nothing was enqueued, when nothing was. */
  skipped?: 'no_driver' | 'backlog';
}

/**
 * The scheduler job's body (CONVENTIONS: polling by fan-out): take the due listings of one
 * marketplace from Postgres, lease them, and enqueue them in API-sized batches. Each listing is
 * one row however many users track it, so it is polled once. Job ids are derived from the batch
 * and its claim, so an accidental second enqueue of the same claimed batch is dropped by the queue.
 * The claim belongs in the id: a job keeps its id until it completes, after it has recorded its
 * listings and freed them, and a listing due again by then (a short interval, a busy process) would
 * otherwise be deduplicated into the finishing job and leased for hours with no job to poll it.
 */
@Injectable()
export class DueFinderService {
  constructor(
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(PRICING_CONFIG) private readonly config: PricingConfig,
    @Inject(MARKETPLACE_DRIVERS) private readonly drivers: PollDrivers,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly pollState: PollStateRepository,
  ) {}

  async run(marketplace: LiveMarketplaceId): Promise<DueRun> {
    const driver = this.drivers.get(marketplace);
    if (!driver) return { marketplace, listings: 0, jobs: 0, skipped: 'no_driver' };
    const queueName = pollQueueName(marketplace);
    const counts = await this.queue.counts(queueName);
    const limiter = quotaLimiter(this.config.callsPerDay[marketplace]);
    const room = maxBacklogJobs(limiter, this.config.schedulerEveryMs) - (counts.waiting + counts.delayed);
    if (room <= 0) return { marketplace, listings: 0, jobs: 0, skipped: 'backlog' };

    const now = this.clock.now();
    const size = pollBatchSize(marketplace, driver);
    // Claimed briefly, leased once queued: a finder that dies in between frees them within claimMs.
    const claimedUntil = new Date(now.getTime() + Math.min(this.config.claimMs, this.config.leaseMs));
    const leaseUntil = new Date(now.getTime() + this.config.leaseMs);
    const due = await this.pollState.claimDue(
      marketplace,
      now,
      Math.min(this.config.dueLimit, room * size),
      claimedUntil,
    );
    const batches = toBatches(due, size);
    const traceparent = currentTraceparent();
    let jobs = 0;
    for (const batch of batches) {
      const productIds = batch.map((d) => d.pollId);
      const data: PollBatchJob = { marketplace, productIds, ...(traceparent ? { traceparent } : {}) };
      try {
        await this.queue.enqueue(queueName, JobNames.pollBatch, data, {
          jobId: batchJobId(marketplace, productIds, claimedUntil),
          priority: Math.min(...batch.map((d) => d.priority)),
        });
        jobs++;
      } catch (error) {
        // Not queued: give the listings back so the next run takes them.
        await this.pollState.release(marketplace, productIds);
        this.logger.warn({ marketplace, err: error }, 'could not enqueue a poll batch');
        continue;
      }
      await this.pollState.confirmLease(marketplace, productIds, claimedUntil, leaseUntil);
    }
    return { marketplace, listings: due.length, jobs };
  }
}

function batchJobId(marketplace: LiveMarketplaceId, productIds: string[], claimedUntil: Date): string {
  const digest = createHash('sha1')
    .update(`${claimedUntil.toISOString()}\n${productIds.join('\n')}`)
    .digest('hex');
  return `${marketplace}:${digest.slice(0, 20)}`;
}

/** Hot listings travel together, so their jobs carry the higher priority. */
function toBatches(due: DueListing[], size: number): DueListing[][] {
  const batches: DueListing[][] = [];
  const byPriority = new Map<number, DueListing[]>();
  for (const d of due) byPriority.set(d.priority, [...(byPriority.get(d.priority) ?? []), d]);
  for (const priority of [...byPriority.keys()].sort((a, b) => a - b)) {
    const list = [...(byPriority.get(priority) ?? [])].sort((a, b) => a.pollId.localeCompare(b.pollId));
    for (let i = 0; i < list.length; i += size) batches.push(list.slice(i, i + size));
  }
  return batches;
}
