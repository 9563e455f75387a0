import os from 'node:os';
import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { Topics } from '@pt/contracts';
import { listingKeyOf } from '@pt/domain';
import { EVENT_BUS, LOGGER, type EventBus, type Logger, type Subscription, payloadOf } from '@pt/platform';
import { HotProductsService } from '../services/hot-products.service';

/**
 * Consumer group of the catalog's LRU invalidation. Every catalog instance keeps its own LRU, so
 * every instance must see every price.changed: the group is per process (host name and pid; a
 * pod or container restarting keeps its host name, and pid 1, so it reuses its group). Persisted
 * in brokers under this prefix — never rename the prefix.
 */
export const PRODUCTS_LRU_GROUP_PREFIX = 'catalog.products-lru';
export const productsLruGroup = (): string => `${PRODUCTS_LRU_GROUP_PREFIX}.${os.hostname()}.${process.pid}`;

/** price.changed → drop the listing's rows from this instance's LRU (issue 9 item 10). */
@Injectable()
export class PriceChangedConsumer implements OnModuleInit, OnModuleDestroy {
  private subscription?: Subscription;

  constructor(
    @Inject(EVENT_BUS) private readonly bus: EventBus,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly hot: HotProductsService,
  ) {}

  async onModuleInit(): Promise<void> {
    const group = productsLruGroup();
    this.subscription = await this.bus.subscribe(Topics.priceChanged, group, async (envelope) => {
      const { marketplace, productId } = payloadOf(Topics.priceChanged, envelope);
      // Forgetting is idempotent: a redelivery only costs the next read a database round trip.
      this.hot.forgetListing(listingKeyOf(marketplace, productId));
    });
    // The groups of catalog processes that are gone (restarts, replaced pods) are of no use to anyone.
    const forgotten = await this.bus
      .forgetIdleGroups?.(Topics.priceChanged, `${PRODUCTS_LRU_GROUP_PREFIX}.`, group)
      .catch((error: unknown) => {
        this.logger.warn({ err: error }, 'could not remove the LRU groups of stopped catalog processes');
        return [];
      });
    if (forgotten?.length)
      this.logger.info({ groups: forgotten }, 'removed the LRU groups of stopped catalog processes');
  }

  async onModuleDestroy(): Promise<void> {
    await this.subscription?.close();
  }
}
