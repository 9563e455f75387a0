import { Inject, Injectable } from '@nestjs/common';
import { Topics, type EventEnvelope } from '@pt/contracts';
import { DATABASE, idempotent, OnEvent, type Database, type HandlerContext, payloadOf } from '@pt/platform';
import { ItemPricesService } from '../services/item-prices.service';
import { WISHLIST_SCHEMA } from '../tokens';

/** Consumer group of the item prices. Persisted — never rename. */
export const PRICES_GROUP = 'wishlist.prices';

/** price.changed (from pricing) → the current price and savings of every item of that listing. */
@Injectable()
export class PriceChangedConsumer {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly prices: ItemPricesService,
  ) {}

  /** A redelivered event is skipped by its id; a re-sent observation by its price point. */
  @OnEvent(Topics.priceChanged, PRICES_GROUP)
  handle(envelope: EventEnvelope, ctx: HandlerContext): Promise<void> {
    return idempotent(this.db, WISHLIST_SCHEMA, PRICES_GROUP, async (e, tx) => {
      const payload = payloadOf(Topics.priceChanged, e);
      await this.prices.apply(tx, payload);
    })(envelope, ctx);
  }
}
