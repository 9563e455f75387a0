import { Inject, Injectable } from '@nestjs/common';
import type { CatalogProduct } from '@pt/contracts/catalog-api';
import { DEFAULT_PRODUCT_RATING, isMarketplaceId, withUnknownProductDefaults } from '@pt/domain';
import { DATABASE, sql, typedQueries, type Database, type Queryable, type Selectable } from '@pt/platform';
import type { DB, ProductsCacheTable } from './schema';

/** The catalog's Postgres schema (ServiceDefinition name). */
export const CATALOG_SCHEMA = 'catalog';

/** Which marketplace call produced a cached row (provenance). */
export type CacheSource = 'item' | 'search';

export interface CachedProduct {
  product: CatalogProduct;
  source: CacheSource;
  fetchedAt: Date;
  firstSeenAt: Date;
  /** The highest price this cache has seen for the product (deals). */
  highestPrice: number;
}

const COLUMNS = [
  'id',
  'title',
  'description',
  'price',
  'currency',
  'original_price',
  'highest_price',
  'image_url',
  'images',
  'marketplace',
  'marketplace_name',
  'url',
  'rating',
  'review_count',
  'shipping',
  'shipping_cost',
  'category',
  'seller',
  'condition',
  'availability',
  'location',
  'specifications',
  'features',
  'source',
  'fetched_at',
  'first_seen_at',
  'listing_price',
  'listing_currency',
  'identifiers',
] as const;

/** The jsonb columns and the source as upsert writes them (the schema knows only jsonb and text). */
interface Written {
  images: string[];
  specifications: Record<string, string>;
  features: string[];
  identifiers: CatalogProduct['identifiers'] | null;
  source: CacheSource;
}

type Row = Omit<Pick<Selectable<ProductsCacheTable>, (typeof COLUMNS)[number]>, keyof Written> & Written;

/** A value as a jsonb column takes it (the text of its JSON). */
const jsonb = (value: unknown) => sql<unknown>`${JSON.stringify(value)}::jsonb`;

/** Optional fields are left out rather than set to undefined, so the shape matches a live answer. */
function optional<K extends string, V>(key: K, value: V | null | undefined): Partial<Record<K, V>> {
  return value === null || value === undefined ? {} : ({ [key]: value } as Record<K, V>);
}

/**
 * A row in the §3 app shape. Rows written before the §8 defaults and the §9 rating rule (or by hand)
 * may lack a title, image, shipping text, marketplace name or rating: they read back with the same
 * defaults a new row is stored with, so no screen shows a blank title or "★ 0.0".
 */
function toCached(stored: Pick<Selectable<ProductsCacheTable>, (typeof COLUMNS)[number]>): CachedProduct {
  const row = stored as Row;
  const marketplace = isMarketplaceId(row.marketplace) ? row.marketplace : undefined;
  const fetchedAt = row.fetched_at;
  const product: CatalogProduct = withUnknownProductDefaults({
    id: row.id,
    title: row.title,
    description: row.description,
    price: row.price,
    currency: row.currency,
    ...optional('originalPrice', row.original_price),
    ...optional('shipping', row.shipping),
    ...optional('shippingCost', row.shipping_cost),
    ...optional('image', row.image_url),
    images: row.images ?? [],
    rating: row.rating ?? DEFAULT_PRODUCT_RATING,
    ...optional('reviews', row.review_count),
    ...optional('source', row.marketplace_name),
    url: row.url,
    features: row.features ?? [],
    specifications: row.specifications ?? {},
    ...optional('availability', row.availability),
    ...optional('seller', row.seller),
    ...optional('condition', row.condition),
    ...optional('category', row.category),
    ...optional('marketplace', marketplace),
    ...optional('marketplaceName', row.marketplace_name),
    ...optional('location', row.location),
    ...optional(
      'listingPrice',
      row.listing_price === null || row.listing_currency === null
        ? null
        : { amount: row.listing_price, currency: row.listing_currency },
    ),
    ...optional('identifiers', row.identifiers),
    timestamp: fetchedAt.toISOString(),
    inStock: row.availability !== 'out_of_stock',
  });
  return {
    product,
    source: row.source,
    fetchedAt,
    firstSeenAt: row.first_seen_at,
    highestPrice: row.highest_price ?? row.price,
  };
}

/** A whole number that fits the integer column (review counts come from third parties). */
const int32 = (n: number | undefined): number | null =>
  n === undefined ? null : Math.min(Math.max(Math.trunc(n), 0), 2_147_483_647);

/** products_cache (§3): one row per product id, written after each successful live lookup. */
@Injectable()
export class ProductsCacheRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** The first of `ids` that has a row, in the order given (§4: cross-border ids try several). */
  async findFirst(ids: readonly string[], q: Queryable = this.db): Promise<CachedProduct | undefined> {
    if (ids.length === 0) return undefined;
    const row = await typedQueries<DB>(q)
      .selectFrom('catalog.products_cache')
      .select(COLUMNS)
      .where(sql<boolean>`id = ANY(${ids}::text[])`)
      .orderBy(sql`array_position(${ids}::text[], id)`)
      .limit(1)
      .executeTakeFirst();
    return row ? toCached(row) : undefined;
  }

  /**
   * Inserts or refreshes a product. A fetch older than the stored one never overwrites it (two
   * lookups racing), first_seen_at is kept, highest_price only ever grows, and the product
   * identifiers, once an item lookup gave them, stay when a search answer without them refreshes it.
   */
  async upsert(
    q: Queryable,
    answer: CatalogProduct,
    provenance: { source: CacheSource; fetchedAt: Date },
  ): Promise<void> {
    // §8: the record kept holds the unknown-product defaults, never blanks.
    const product = withUnknownProductDefaults(answer);
    const fetchedAt = provenance.fetchedAt.toISOString();
    await typedQueries<DB>(q)
      .insertInto('catalog.products_cache')
      .values({
        id: product.id,
        title: product.title,
        description: product.description ?? '',
        price: product.price,
        currency: product.currency,
        original_price: product.originalPrice ?? null,
        highest_price: product.price,
        image_url: product.image ?? null,
        images: jsonb(product.images),
        marketplace: product.marketplace ?? 'ebay',
        marketplace_name: product.marketplaceName ?? null,
        url: product.url ?? '',
        rating: Math.min(Math.max(product.rating, 0), 5),
        review_count: int32(product.reviews),
        shipping: product.shipping ?? null,
        shipping_cost: product.shippingCost ?? null,
        category: product.category ?? null,
        seller: product.seller ?? null,
        condition: product.condition ?? null,
        availability: product.availability ?? null,
        location: product.location ?? null,
        specifications: jsonb(product.specifications),
        features: jsonb(product.features),
        source: provenance.source,
        fetched_at: fetchedAt,
        first_seen_at: fetchedAt,
        listing_price: product.listingPrice?.amount ?? null,
        listing_currency: product.listingPrice?.currency ?? null,
        identifiers: product.identifiers ? jsonb(product.identifiers) : null,
        last_updated: sql<Date>`now()`,
      })
      .onConflict((c) =>
        c
          .column('id')
          .doUpdateSet((eb) => ({
            title: eb.ref('excluded.title'),
            description: eb.ref('excluded.description'),
            price: eb.ref('excluded.price'),
            currency: eb.ref('excluded.currency'),
            original_price: eb.ref('excluded.original_price'),
            highest_price: sql<number>`CASE WHEN products_cache.currency = EXCLUDED.currency
                                            THEN GREATEST(products_cache.highest_price, EXCLUDED.price)
                                            ELSE EXCLUDED.price END`,
            image_url: eb.ref('excluded.image_url'),
            images: eb.ref('excluded.images'),
            marketplace: eb.ref('excluded.marketplace'),
            marketplace_name: eb.ref('excluded.marketplace_name'),
            url: eb.ref('excluded.url'),
            rating: eb.ref('excluded.rating'),
            review_count: eb.ref('excluded.review_count'),
            shipping: eb.ref('excluded.shipping'),
            shipping_cost: eb.ref('excluded.shipping_cost'),
            category: eb.ref('excluded.category'),
            seller: eb.ref('excluded.seller'),
            condition: eb.ref('excluded.condition'),
            availability: eb.ref('excluded.availability'),
            location: eb.ref('excluded.location'),
            specifications: eb.ref('excluded.specifications'),
            features: eb.ref('excluded.features'),
            source: eb.ref('excluded.source'),
            fetched_at: eb.ref('excluded.fetched_at'),
            listing_price: eb.ref('excluded.listing_price'),
            listing_currency: eb.ref('excluded.listing_currency'),
            // A listing's identifiers do not change; a search answer (which has none) keeps the item's.
            identifiers: sql`COALESCE(EXCLUDED.identifiers, products_cache.identifiers)`,
            last_updated: sql<Date>`now()`,
          }))
          .where(sql<boolean>`products_cache.fetched_at <= EXCLUDED.fetched_at`),
      )
      .execute();
  }

  /**
   * A price pricing recorded for a listing (price.changed), applied to the listing's rows (`ids`,
   * its id forms): a row priced in the event's currency takes the new price and the observation's
   * time as its fetch time; a row priced in another currency (a region the marketplace prices
   * differently, §9) cannot be restated without inventing a price the marketplace did not quote,
   * so it is only made stale (fetched `staleAge` before the observation), which sends the next
   * read to the live marketplace. Rows fetched at or after the observation are left alone, so a
   * redelivered or late event never undoes a newer price. Returns the ids changed.
   */
  async applyRecordedPrice(change: {
    ids: readonly string[];
    marketplace: string;
    price: number;
    currency: string;
    observedAt: Date;
    staleAgeMs: number;
  }): Promise<string[]> {
    if (change.ids.length === 0) return [];
    const { currency, price } = change;
    const observedAt = change.observedAt.toISOString();
    const staleAt = new Date(change.observedAt.getTime() - change.staleAgeMs).toISOString();
    const { rows } = await sql<Pick<Selectable<ProductsCacheTable>, 'id'>>`
      UPDATE catalog.products_cache SET
        price = CASE WHEN currency = ${currency} THEN ${price} ELSE price END,
        highest_price = CASE WHEN currency = ${currency} THEN GREATEST(COALESCE(highest_price, price), ${price})
                             ELSE highest_price END,
        fetched_at = CASE WHEN currency = ${currency} THEN ${observedAt}::timestamptz
                          ELSE LEAST(fetched_at, ${staleAt}::timestamptz) END,
        last_updated = now()
      WHERE id = ANY(${change.ids}::text[]) AND marketplace = ${change.marketplace}
        AND fetched_at < ${observedAt}::timestamptz
        AND NOT (currency <> ${currency} AND fetched_at <= ${staleAt}::timestamptz)
      RETURNING id`.execute(typedQueries<DB>(this.db));
    return rows.map((r) => r.id);
  }

  /** The rows of `ids` that exist, by id (one read for a page of listings). */
  async findMany(ids: readonly string[]): Promise<Map<string, CachedProduct>> {
    if (ids.length === 0) return new Map();
    const rows = await typedQueries<DB>(this.db)
      .selectFrom('catalog.products_cache')
      .select(COLUMNS)
      .where(sql<boolean>`id = ANY(${ids}::text[])`)
      .execute();
    return new Map(rows.map((r) => [r.id, toCached(r)]));
  }

  /** The products this cache saw first most recently (new arrivals). */
  async newest(limit: number, marketplace?: string): Promise<CachedProduct[]> {
    let query = typedQueries<DB>(this.db)
      .selectFrom('catalog.products_cache')
      .select(COLUMNS)
      .where('price', '>', 0);
    if (marketplace !== undefined) query = query.where('marketplace', '=', marketplace);
    const rows = await query.orderBy('first_seen_at', 'desc').orderBy('id').limit(limit).execute();
    return rows.map(toCached);
  }

  /** Cached products per lower-cased category name. */
  async countByCategory(): Promise<Map<string, number>> {
    const category = sql<string>`lower(category)`;
    const rows = await typedQueries<DB>(this.db)
      .selectFrom('catalog.products_cache')
      .select((eb) => [category.as('category'), eb.fn.countAll().as('count')])
      .where('category', 'is not', null)
      .groupBy(category)
      .execute();
    return new Map(rows.map((r) => [r.category, Number(r.count)]));
  }
}
