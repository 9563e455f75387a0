import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import {
  pollQueueName,
  Queues,
  type MarketplacePollingStatus,
  type PricingStatusResponse,
} from '@pt/contracts';
import { LIVE_MARKETPLACES, type LiveMarketplaceId } from '@pt/domain';
import { CLOCK, JOB_QUEUE, metricsRegistry, type Clock, type JobQueue } from '@pt/platform';
import type { BudgetUsage, CredentialBudget } from '@pt/marketplaces';
import type { PricingConfig } from '../config';
import { addGaugeSource } from '../metrics';
import { ApiUsageRepository } from '../repositories/api-usage.repository';
import { PollStateRepository } from '../repositories/poll-state.repository';
import { MARKETPLACE_BUDGETS, PRICING_CONFIG } from '../tokens';

/**
 * GET /api/v1/admin/pricing/status and the scrape-time gauges: queue depth from the queue port,
 * listings and API calls from Postgres (shared by every process), counters from this process.
 */
@Injectable()
export class PricingStatusService implements OnModuleInit, OnModuleDestroy {
  private readonly removers: (() => void)[] = [];

  constructor(
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(PRICING_CONFIG) private readonly config: PricingConfig,
    private readonly pollState: PollStateRepository,
    private readonly apiUsage: ApiUsageRepository,
    @Inject(MARKETPLACE_BUDGETS)
    private readonly budgets: Partial<Record<LiveMarketplaceId, CredentialBudget>>,
  ) {}

  onModuleInit(): void {
    this.removers.push(
      addGaugeSource('queueDepth', async () => {
        const names = [Queues.pollScheduler, ...LIVE_MARKETPLACES.map(pollQueueName)];
        const counts = await Promise.all(names.map((q) => this.queue.counts(q)));
        return names.map((queue, i) => ({ labels: { queue }, value: counts[i].waiting + counts[i].delayed }));
      }),
      addGaugeSource('quota', async () => {
        const used = await this.apiUsage.callsOn(this.clock.now());
        const budgets = await Promise.all(LIVE_MARKETPLACES.map((m) => this.budgetUsage(m)));
        return LIVE_MARKETPLACES.flatMap((marketplace, i) => {
          const budget = budgets[i];
          return [
            { labels: { marketplace, kind: 'used' }, value: used.get(marketplace) ?? 0 },
            { labels: { marketplace, kind: 'quota' }, value: this.config.callsPerDay[marketplace] },
            // The credential's budget, every process's calls: used and allowed per share today.
            ...(budget
              ? [
                  { labels: { marketplace, kind: 'poller_used' }, value: budget.poller.used },
                  { labels: { marketplace, kind: 'poller_limit' }, value: budget.poller.limit },
                  { labels: { marketplace, kind: 'interactive_used' }, value: budget.interactive.used },
                  { labels: { marketplace, kind: 'interactive_limit' }, value: budget.interactive.limit },
                ]
              : []),
          ];
        });
      }),
    );
  }

  onModuleDestroy(): void {
    for (const remove of this.removers.splice(0)) remove();
  }

  /** A limiter that cannot be read does not take the status page down with it. */
  private async budgetUsage(marketplace: LiveMarketplaceId): Promise<BudgetUsage | null> {
    const budget = this.budgets[marketplace];
    if (!budget) return null;
    return budget.usage().catch(() => null);
  }

  /** The answer's contract is libs/contracts' `PricingStatusResponseSchema`. */
  async status(): Promise<PricingStatusResponse> {
    const now = this.clock.now();
    const used = await this.apiUsage.callsOn(now);
    const marketplaces = {} as Record<LiveMarketplaceId, MarketplacePollingStatus>;
    for (const m of LIVE_MARKETPLACES) {
      const [queue, listings, budget] = await Promise.all([
        this.queue.counts(pollQueueName(m)),
        this.pollState.counts(m, now),
        this.budgetUsage(m),
      ]);
      marketplaces[m] = {
        queue,
        listings,
        apiCalls: { today: used.get(m) ?? 0, quotaPerDay: this.config.callsPerDay[m], budget },
      };
    }
    const changes = await counterValues('pricing_price_changes_total', 'dropped');
    return {
      at: now.toISOString(),
      workers: this.config.workers ? 'in-process' : 'separate',
      scheduler: await this.queue.counts(Queues.pollScheduler),
      marketplaces,
      process: {
        observations: await counterValues('pricing_observations_total', 'outcome'),
        rejected: await counterValues('pricing_observations_rejected_total', 'reason'),
        priceChanges: (changes.true ?? 0) + (changes.false ?? 0),
        drops: changes.true ?? 0,
        pollJobs: await counterValues('pricing_poll_jobs_total', 'outcome'),
      },
    };
  }
}

/** A counter's values summed by one label. */
async function counterValues(name: string, label: string): Promise<Record<string, number>> {
  const metric = metricsRegistry.getSingleMetric(name);
  if (!metric) return {};
  const { values } = await metric.get();
  const sums: Record<string, number> = {};
  for (const v of values) {
    const key = String(v.labels[label] ?? '');
    sums[key] = (sums[key] ?? 0) + v.value;
  }
  return sums;
}
