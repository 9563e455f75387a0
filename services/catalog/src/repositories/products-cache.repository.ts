import { Inject, Injectable } from '@nestjs/common';
import type { CatalogProduct } from '@pt/contracts/catalog-api';
import { DEFAULT_PRODUCT_RATING, isMarketplaceId, withUnknownProductDefaults } from '@pt/domain';
import { DATABASE, type Database, type Queryable } from '@pt/platform';

/** The catalog's Postgres schema (ServiceDefinition name). */
export const CATALOG_SCHEMA = 'catalog';
const TABLE = `"${CATALOG_SCHEMA}".products_cache`;

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

interface Row {
  id: string;
  title: string;
  description: string;
  price: number;
  currency: string;
  original_price: number | null;
  highest_price: number | null;
  image_url: string | null;
  images: string[];
  marketplace: string;
  marketplace_name: string | null;
  url: string;
  rating: number | null;
  review_count: number | null;
  shipping: string | null;
  shipping_cost: number | null;
  category: string | null;
  seller: string | null;
  condition: string | null;
  availability: string | null;
  location: string | null;
  specifications: Record<string, string>;
  features: string[];
  source: CacheSource;
  fetched_at: Date | string;
  first_seen_at: Date | string;
  listing_price: number | string | null;
  listing_currency: string | null;
  identifiers: CatalogProduct['identifiers'] | null;
}

const COLUMNS = `id, title, description, price, currency, original_price, highest_price, image_url, images, marketplace,
  marketplace_name, url, rating, review_count, shipping, shipping_cost, category, seller, condition, availability,
  location, specifications, features, source, fetched_at, first_seen_at, listing_price, listing_currency, identifiers`;

/** Optional fields are left out rather than set to undefined, so the shape matches a live answer. */
function optional<K extends string, V>(key: K, value: V | null | undefined): Partial<Record<K, V>> {
  return value === null || value === undefined ? {} : ({ [key]: value } as Record<K, V>);
}

/**
 * A row in the §3 app shape. Rows written before the §8 defaults and the §9 rating rule (or by hand)
 * may lack a title, image, shipping text, marketplace name or rating: they read back with the same
 * defaults a new row is stored with, so no screen shows a blank title or "★ 0.0".
 */
function toCached(row: Row): CachedProduct {
  const marketplace = isMarketplaceId(row.marketplace) ? row.marketplace : undefined;
  const fetchedAt = new Date(row.fetched_at);
  const product: CatalogProduct = withUnknownProductDefaults({
    id: row.id,
    title: row.title,
    description: row.description,
    price: Number(row.price),
    currency: row.currency,
    ...optional('originalPrice', row.original_price === null ? null : Number(row.original_price)),
    ...optional('shipping', row.shipping),
    ...optional('shippingCost', row.shipping_cost === null ? null : Number(row.shipping_cost)),
    ...optional('image', row.image_url),
    images: row.images ?? [],
    rating: row.rating === null ? DEFAULT_PRODUCT_RATING : Number(row.rating),
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
        : { amount: Number(row.listing_price), currency: row.listing_currency },
    ),
    ...optional('identifiers', row.identifiers),
    timestamp: fetchedAt.toISOString(),
    inStock: row.availability !== 'out_of_stock',
  });
  return {
    product,
    source: row.source,
    fetchedAt,
    firstSeenAt: new Date(row.first_seen_at),
    highestPrice: Number(row.highest_price ?? row.price),
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
    const { rows } = await q.query<Row>(
      `SELECT ${COLUMNS} FROM ${TABLE} WHERE id = ANY($1::text[]) ORDER BY array_position($1::text[], id) LIMIT 1`,
      [ids],
    );
    return rows[0] ? toCached(rows[0]) : undefined;
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
    await q.query(
      `INSERT INTO ${TABLE} (${COLUMNS}, last_updated)
       VALUES ($1, $2, $3, $4, $5, $6, $4, $7, $8::jsonb, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20,
               $21::jsonb, $22::jsonb, $23, $24, $24, $25, $26, $27::jsonb, now())
       ON CONFLICT (id) DO UPDATE SET
         title = EXCLUDED.title, description = EXCLUDED.description, price = EXCLUDED.price,
         currency = EXCLUDED.currency, original_price = EXCLUDED.original_price,
         highest_price = CASE WHEN products_cache.currency = EXCLUDED.currency
                              THEN GREATEST(products_cache.highest_price, EXCLUDED.price)
                              ELSE EXCLUDED.price END,
         image_url = EXCLUDED.image_url, images = EXCLUDED.images, marketplace = EXCLUDED.marketplace,
         marketplace_name = EXCLUDED.marketplace_name, url = EXCLUDED.url, rating = EXCLUDED.rating,
         review_count = EXCLUDED.review_count, shipping = EXCLUDED.shipping, shipping_cost = EXCLUDED.shipping_cost,
         category = EXCLUDED.category, seller = EXCLUDED.seller, condition = EXCLUDED.condition,
         availability = EXCLUDED.availability, location = EXCLUDED.location,
         specifications = EXCLUDED.specifications, features = EXCLUDED.features, source = EXCLUDED.source,
         fetched_at = EXCLUDED.fetched_at, listing_price = EXCLUDED.listing_price,
         listing_currency = EXCLUDED.listing_currency,
         -- A listing's identifiers do not change; a search answer (which has none) keeps the item's.
         identifiers = COALESCE(EXCLUDED.identifiers, products_cache.identifiers),
         last_updated = now()
       WHERE products_cache.fetched_at <= EXCLUDED.fetched_at`,
      [
        product.id,
        product.title,
        product.description ?? '',
        product.price,
        product.currency,
        product.originalPrice ?? null,
        product.image ?? null,
        JSON.stringify(product.images),
        product.marketplace ?? 'ebay',
        product.marketplaceName ?? null,
        product.url ?? '',
        Math.min(Math.max(product.rating, 0), 5),
        int32(product.reviews),
        product.shipping ?? null,
        product.shippingCost ?? null,
        product.category ?? null,
        product.seller ?? null,
        product.condition ?? null,
        product.availability ?? null,
        product.location ?? null,
        JSON.stringify(product.specifications),
        JSON.stringify(product.features),
        provenance.source,
        fetchedAt,
        product.listingPrice?.amount ?? null,
        product.listingPrice?.currency ?? null,
        product.identifiers ? JSON.stringify(product.identifiers) : null,
      ],
    );
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
    const { rows } = await this.db.query<{ id: string }>(
      `UPDATE ${TABLE} SET
         price = CASE WHEN currency = $3 THEN $4 ELSE price END,
         highest_price = CASE WHEN currency = $3 THEN GREATEST(COALESCE(highest_price, price), $4)
                              ELSE highest_price END,
         fetched_at = CASE WHEN currency = $3 THEN $5::timestamptz ELSE LEAST(fetched_at, $6::timestamptz) END,
         last_updated = now()
       WHERE id = ANY($1::text[]) AND marketplace = $2 AND fetched_at < $5::timestamptz
         AND NOT (currency <> $3 AND fetched_at <= $6::timestamptz)
       RETURNING id`,
      [
        change.ids,
        change.marketplace,
        change.currency,
        change.price,
        change.observedAt.toISOString(),
        new Date(change.observedAt.getTime() - change.staleAgeMs).toISOString(),
      ],
    );
    return rows.map((r) => r.id);
  }

  /** The rows of `ids` that exist, by id (one read for a page of listings). */
  async findMany(ids: readonly string[]): Promise<Map<string, CachedProduct>> {
    if (ids.length === 0) return new Map();
    const { rows } = await this.db.query<Row>(`SELECT ${COLUMNS} FROM ${TABLE} WHERE id = ANY($1::text[])`, [
      ids,
    ]);
    return new Map(rows.map((r) => [r.id, toCached(r)]));
  }

  /** The products this cache saw first most recently (new arrivals). */
  async newest(limit: number, marketplace?: string): Promise<CachedProduct[]> {
    const { rows } = await this.db.query<Row>(
      `SELECT ${COLUMNS} FROM ${TABLE} WHERE price > 0 AND ($2::text IS NULL OR marketplace = $2)
       ORDER BY first_seen_at DESC, id LIMIT $1`,
      [limit, marketplace ?? null],
    );
    return rows.map(toCached);
  }

  /** Cached products per lower-cased category name. */
  async countByCategory(): Promise<Map<string, number>> {
    const { rows } = await this.db.query<{ category: string; count: number | string }>(
      `SELECT lower(category) AS category, count(*) AS count FROM ${TABLE} WHERE category IS NOT NULL GROUP BY lower(category)`,
    );
    return new Map(rows.map((r) => [r.category, Number(r.count)]));
  }
}
