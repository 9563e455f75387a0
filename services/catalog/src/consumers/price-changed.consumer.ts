import os from 'node:os';
import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { Topics, type EventEnvelope } from '@pt/contracts';
import {
  CLOCK,
  EVENT_BUS,
  LOGGER,
  OnEvent,
  type Clock,
  type EventBus,
  type Logger,
  payloadOf,
} from '@pt/platform';
import { RecordedPricesService } from '../services/recorded-prices.service';

/**
 * Consumer group of the catalog's in-process caches (LRU, search answers). Every catalog instance
 * keeps its own, so every instance must see every price.changed: the group is per process (host
 * name and pid; a pod or container restarting keeps its host name, and pid 1, so it reuses its
 * group). Persisted in brokers under this prefix — never rename the prefix.
 */
export const PRODUCTS_LRU_GROUP_PREFIX = 'catalog.products-lru';
/** Catalog modules started so far in this process (tests run several side by side). */
let instancesInProcess = 0;
/** This instance's group: the process's, plus a counter for a second instance in one process. */
export const productsLruGroup = (instance = 1): string =>
  `${PRODUCTS_LRU_GROUP_PREFIX}.${os.hostname()}.${process.pid}${instance > 1 ? `.${instance}` : ''}`;

/**
 * Consumer group that writes recorded prices into the shared products_cache table: one group for
 * all instances, durable, so the table catches up even when no catalog ran at the time. Persisted
 * — never rename.
 */
export const PRODUCTS_CACHE_GROUP = 'catalog.products-cache';

/**
 * A per-process group reads the streams' retained history when it is new (a restart); events
 * older than this have been written to the table by the shared group, so the per-process consumer
 * only clears its (then empty) caches for them instead of a table write each.
 */
const TABLE_REWRITE_WINDOW_MS = 5 * 60 * 1000;

/**
 * price.changed → ARCHITECTURE §6 freshness, in two groups:
 * - the shared group writes the new price into products_cache (once per event for the service);
 * - this process's group writes it too (a no-op when the shared group was first), then drops the
 *   listing from this process's LRU and search answers. Writing first matters: the two groups run
 *   independently, and a cache dropped before the table holds the new price would be refilled
 *   with the old one by the next read.
 * Both are idempotent under redelivery, and an event older than a row never overwrites it.
 */
@Injectable()
export class PriceChangedConsumer implements OnApplicationBootstrap {
  /** This instance's own group, fixed when it is built. */
  readonly lruGroup = productsLruGroup(++instancesInProcess);

  constructor(
    @Inject(EVENT_BUS) private readonly bus: EventBus,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly prices: RecordedPricesService,
  ) {}

  @OnEvent(Topics.priceChanged, PRODUCTS_CACHE_GROUP)
  async writeTable(envelope: EventEnvelope): Promise<void> {
    await this.prices.applyToTable(payloadOf(Topics.priceChanged, envelope));
  }

  @OnEvent(Topics.priceChanged, (self: PriceChangedConsumer) => self.lruGroup, { perProcess: true })
  async refreshHere(envelope: EventEnvelope): Promise<void> {
    const change = payloadOf(Topics.priceChanged, envelope);
    const age = this.clock.now().getTime() - Date.parse(envelope.occurredAt);
    await this.prices.applyHere(change, { table: age < TABLE_REWRITE_WINDOW_MS });
  }

  /** The groups of catalog processes that are gone (restarts, replaced pods) are of no use to anyone. */
  async onApplicationBootstrap(): Promise<void> {
    const forgotten = await this.bus
      .forgetIdleGroups?.(Topics.priceChanged, `${PRODUCTS_LRU_GROUP_PREFIX}.`, this.lruGroup)
      .catch((error: unknown) => {
        this.logger.warn({ err: error }, 'could not remove the LRU groups of stopped catalog processes');
        return [];
      });
    if (forgotten?.length)
      this.logger.info({ groups: forgotten }, 'removed the LRU groups of stopped catalog processes');
  }
}
