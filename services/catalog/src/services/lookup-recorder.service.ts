import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { Topics, createEventEnvelope, type PriceObservedPayload } from '@pt/contracts';
import type { CatalogProduct } from '@pt/contracts/catalog-api';
import { isParsableUrl, listingKeyOf, shouldSavePriceSnapshot } from '@pt/domain';
import {
  DATABASE,
  LOGGER,
  addToOutbox,
  isDependencyUnavailable,
  type Database,
  type Logger,
  type Queryable,
} from '@pt/platform';
import {
  CATALOG_SCHEMA,
  ProductsCacheRepository,
  type CacheSource,
} from '../repositories/products-cache.repository';
import { HotProductsService } from './hot-products.service';

export interface RecordOptions {
  /** The verified user who looked the product up (pricing writes their personal history row). */
  userId?: string;
  /** When the price was seen at the marketplace. */
  observedAt: Date;
  /**
   * The price in the listing's own currency when the marketplace converted the shown one to the
   * viewer's (ARCHITECTURE §6): the observation records this, the shopper is shown `product`.
   */
  listingPrice?: { amount: number; currency: string };
  /** The listing's shipping in the listing price's currency (0 = free); absent when unknown. */
  listingShipping?: number;
}

/**
 * The database could not record a lookup (an outage). The lookup answers 503 rather than a price
 * that would never be kept; it carries the outage as its cause, which the error filter maps to 503.
 */
export class RecordingUnavailable extends Error {
  constructor(cause: unknown) {
    super('the lookup could not be recorded: the database is unavailable', { cause });
    this.name = 'RecordingUnavailable';
  }
}

/**
 * §4 "a price snapshot is saved after each successful lookup when the price is positive": a fresh
 * marketplace answer refreshes products_cache and announces `price.observed` in ONE transaction
 * (ARCHITECTURE §3 outbox); pricing records the snapshot. Only such answers are observations
 * (ARCHITECTURE §6): a page answered from the cache or the samples repeats a price
 * seen before, and announcing it again would only add copies to the user's history and load the
 * recorder on every read.
 */
@Injectable()
export class LookupRecorder {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly cache: ProductsCacheRepository,
    private readonly hot: HotProductsService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** A fresh answer from a marketplace: cache upsert + observation, atomically. */
  async recordFetched(product: CatalogProduct, source: CacheSource, options: RecordOptions): Promise<void> {
    if (!shouldSavePriceSnapshot(product.price)) return;
    await this.safely(product, () =>
      this.db.transaction(async (tx) => {
        await this.cache.upsert(tx, product, { source, fetchedAt: options.observedAt });
        // An out-of-stock listing's price is nobody's to pay: not an observation (pricing's poll
        // marks it unavailable, and a lookup must not mark it back on sale).
        if (product.availability !== 'out_of_stock') await this.observe(tx, product, options);
      }),
    );
    // After the commit: a read from now on sees the new row (see HotProductsService).
    this.hot.forgetProduct(product);
  }

  private async observe(q: Queryable, product: CatalogProduct, options: RecordOptions): Promise<void> {
    const marketplace = product.marketplace ?? 'ebay';
    const payload: PriceObservedPayload = {
      productId: product.id,
      marketplace,
      // The listing's own price: one history per listing whatever region it was viewed from.
      price: options.listingPrice?.amount ?? product.price,
      currency: options.listingPrice?.currency ?? product.currency,
      observedAt: options.observedAt.toISOString(),
      source: 'lookup',
      ...(options.listingShipping !== undefined ? { shipping: options.listingShipping } : {}),
      ...(options.userId ? { userId: options.userId } : {}),
      title: product.title,
      ...(isParsableUrl(product.url) ? { url: product.url } : {}),
      ...(isParsableUrl(product.image) ? { imageUrl: product.image } : {}),
    };
    const envelope = createEventEnvelope(Topics.priceObserved, payload, {
      id: randomUUID(),
      occurredAt: new Date().toISOString(),
      // The listing key (ARCHITECTURE §6): pollers key this listing's events alike.
      key: listingKeyOf(marketplace, product.id),
    });
    await addToOutbox(q, CATALOG_SCHEMA, Topics.priceObserved, envelope);
  }

  /**
   * The shopper already has the product; a failed write (database down, a product the event schema
   * refuses) is logged, not turned into a failed page.
   */
  /**
   * A bug in recording must not cost the shopper the product, so it is logged and the answer goes
   * out. A database outage is different: a 200 then would be a price seen and never kept, so the
   * lookup answers 503 with Retry-After (the error filter's answer to an outage) and is asked again.
   */
  private async safely(product: CatalogProduct, write: () => Promise<void>): Promise<void> {
    try {
      await write();
    } catch (error) {
      if (isDependencyUnavailable(error)) throw new RecordingUnavailable(error);
      this.logger.error({ err: error, productId: product.id }, 'lookup not recorded');
    }
  }
}
