import { Inject, Injectable } from '@nestjs/common';
import { listingKeyOf } from '@pt/domain';
import { CLOCK, Lru, type Clock } from '@pt/platform';
import type { CatalogConfig } from '../config';
import { productsLruTotal } from '../metrics';
import { ProductsCacheRepository, type CachedProduct } from '../repositories/products-cache.repository';
import { CATALOG_CONFIG } from '../tokens';

type LruConfig = Pick<CatalogConfig, 'CATALOG_PRODUCT_LRU_SIZE' | 'CATALOG_PRODUCT_LRU_MAX_AGE_MS'>;

/** The listing a cached row belongs to (ARCHITECTURE §6): price.changed names listings. */
const listingOf = (hit: CachedProduct): string =>
  listingKeyOf(hit.product.marketplace ?? 'ebay', hit.product.id);

/**
 * An in-process LRU in front of products_cache: a hot product page is answered
 * from memory, without a database round trip. Entries are keyed by the ids a lookup tries (§4: a
 * cross-border id tries several, in order), and dropped
 * - when this catalog writes a row one of those ids names (LookupRecorder, after its commit);
 * - when pricing announces price.changed for the row's listing (PriceChangedConsumer, every
 *   instance), so a price another instance fetched is not hidden behind an old copy;
 * - after CATALOG_PRODUCT_LRU_MAX_AGE_MS at most, which bounds what another instance's write of an
 *   unchanged price can leave unseen (its fetchedAt).
 * Misses are not kept: an unknown id goes on to the live marketplace anyway.
 *
 * A read that started before an invalidation does not fill the LRU with what it read (the epoch
 * moved), so a write is never undone by a slow read racing it.
 */
@Injectable()
export class HotProductsService {
  private readonly lru?: Lru<string, CachedProduct>;
  /** Query keys by each id they tried, and by the listing of the row they found. */
  private readonly byId = new Map<string, Set<string>>();
  private readonly byListing = new Map<string, Set<string>>();
  private epoch = 0;

  constructor(
    private readonly cache: ProductsCacheRepository,
    @Inject(CATALOG_CONFIG) config: LruConfig,
    @Inject(CLOCK) clock: Clock,
  ) {
    if (config.CATALOG_PRODUCT_LRU_SIZE > 0) {
      this.lru = new Lru(
        config.CATALOG_PRODUCT_LRU_SIZE,
        config.CATALOG_PRODUCT_LRU_MAX_AGE_MS,
        () => clock.now().getTime(),
        (key, hit) => {
          for (const id of key.split('\n')) unindex(this.byId, id, key);
          unindex(this.byListing, listingOf(hit), key);
        },
      );
    }
  }

  /** products_cache's first row of `ids` (in the order given), from memory when it is there. */
  async findFirst(ids: readonly string[]): Promise<CachedProduct | undefined> {
    if (!this.lru || ids.length === 0) return this.cache.findFirst(ids);
    const key = ids.join('\n');
    const remembered = this.lru.get(key);
    productsLruTotal.inc({ result: remembered ? 'hit' : 'miss' });
    if (remembered) return remembered;
    const epoch = this.epoch;
    const found = await this.cache.findFirst(ids);
    if (found && epoch === this.epoch) {
      this.lru.set(key, found);
      for (const id of ids) index(this.byId, id, key);
      index(this.byListing, listingOf(found), key);
    }
    return found;
  }

  /** This catalog wrote the row of `product` (call after the commit). */
  forgetProduct(product: { id: string; marketplace?: CachedProduct['product']['marketplace'] }): void {
    this.epoch++;
    this.drop(this.byId.get(product.id));
    this.drop(this.byListing.get(listingKeyOf(product.marketplace ?? 'ebay', product.id)));
  }

  /** Pricing recorded a new price of the listing (price.changed). */
  forgetListing(listingKey: string): void {
    this.epoch++;
    this.drop(this.byListing.get(listingKey));
  }

  private drop(keys: Set<string> | undefined): void {
    if (!keys || !this.lru) return;
    for (const key of [...keys]) this.lru.delete(key);
  }
}

function index(map: Map<string, Set<string>>, name: string, key: string): void {
  let keys = map.get(name);
  if (!keys) map.set(name, (keys = new Set()));
  keys.add(key);
}

function unindex(map: Map<string, Set<string>>, name: string, key: string): void {
  const keys = map.get(name);
  if (!keys) return;
  keys.delete(key);
  if (keys.size === 0) map.delete(name);
}
