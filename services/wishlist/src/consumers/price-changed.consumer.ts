import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { Topics } from '@pt/contracts';
import {
  DATABASE,
  EVENT_BUS,
  idempotent,
  type Database,
  type EventBus,
  type EventHandler,
  type Subscription,
  payloadOf,
} from '@pt/platform';
import { ItemPricesService } from '../services/item-prices.service';
import { WISHLIST_SCHEMA } from '../tokens';

/** Consumer group of the item prices. Persisted — never rename. */
export const PRICES_GROUP = 'wishlist.prices';

/** price.changed (from pricing) → the current price and savings of every item of that listing. */
@Injectable()
export class PriceChangedConsumer implements OnApplicationBootstrap, OnModuleDestroy {
  private subscription?: Subscription;

  constructor(
    @Inject(EVENT_BUS) private readonly bus: EventBus,
    @Inject(DATABASE) private readonly db: Database,
    private readonly prices: ItemPricesService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.subscription = await this.bus.subscribe(Topics.priceChanged, PRICES_GROUP, this.handle);
  }

  async onModuleDestroy(): Promise<void> {
    await this.subscription?.close();
  }

  /** A redelivered event is skipped by its id; a re-sent observation by its price point. */
  readonly handle: EventHandler = (envelope, ctx) =>
    idempotent(this.db, WISHLIST_SCHEMA, PRICES_GROUP, async (e, tx) => {
      const payload = payloadOf(Topics.priceChanged, e);
      await this.prices.apply(tx, payload);
    })(envelope, ctx);
}
