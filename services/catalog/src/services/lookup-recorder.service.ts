import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { Topics, createEventEnvelope, productEventKey, type PriceObservedPayload } from '@pt/contracts';
import type { CatalogProduct } from '@pt/contracts/catalog-api';
import { isParsableUrl, shouldSavePriceSnapshot } from '@pt/domain';
import { DATABASE, LOGGER, addToOutbox, type Database, type Logger, type Queryable } from '@pt/platform';
import {
  CATALOG_SCHEMA,
  ProductsCacheRepository,
  type CacheSource,
} from '../repositories/products-cache.repository';

export interface RecordOptions {
  /** The verified user who looked the product up (pricing writes their personal history row). */
  userId?: string;
  /** When the price was seen at the marketplace. */
  observedAt: Date;
}

/**
 * §4 "a price snapshot is saved after each successful lookup when the price is positive": a fresh
 * marketplace answer refreshes products_cache and announces `price.observed` in ONE transaction
 * (ARCHITECTURE §3 outbox); pricing records the snapshot. Answers from samples and the cache are
 * announced too (they are lookups the user made) but carry the time the price was actually seen.
 */
@Injectable()
export class LookupRecorder {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly cache: ProductsCacheRepository,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** A fresh answer from a marketplace: cache upsert + observation, atomically. */
  async recordFetched(product: CatalogProduct, source: CacheSource, options: RecordOptions): Promise<void> {
    if (!shouldSavePriceSnapshot(product.price)) return;
    await this.safely(product, () =>
      this.db.transaction(async (tx) => {
        await this.cache.upsert(tx, product, { source, fetchedAt: options.observedAt });
        await this.observe(tx, product, options);
      }),
    );
  }

  /** An answer that did not come from the marketplace just now (sample, cache): observation only. */
  async recordServed(product: CatalogProduct, options: RecordOptions): Promise<void> {
    if (!shouldSavePriceSnapshot(product.price)) return;
    await this.safely(product, () => this.observe(this.db, product, options));
  }

  private async observe(q: Queryable, product: CatalogProduct, options: RecordOptions): Promise<void> {
    const marketplace = product.marketplace ?? 'ebay';
    const payload: PriceObservedPayload = {
      productId: product.id,
      marketplace,
      price: product.price,
      currency: product.currency,
      observedAt: options.observedAt.toISOString(),
      source: 'lookup',
      ...(options.userId ? { userId: options.userId } : {}),
      title: product.title,
      ...(isParsableUrl(product.url) ? { url: product.url } : {}),
      ...(isParsableUrl(product.image) ? { imageUrl: product.image } : {}),
    };
    const envelope = createEventEnvelope(Topics.priceObserved, payload, {
      id: randomUUID(),
      occurredAt: new Date().toISOString(),
      key: productEventKey(marketplace, product.id),
    });
    await addToOutbox(q, CATALOG_SCHEMA, Topics.priceObserved, envelope);
  }

  /**
   * The shopper already has the product; a failed write (database down, a product the event schema
   * refuses) is logged, not turned into a failed page.
   */
  private async safely(product: CatalogProduct, write: () => Promise<void>): Promise<void> {
    try {
      await write();
    } catch (error) {
      this.logger.error({ err: error, productId: product.id }, 'lookup not recorded');
    }
  }
}
