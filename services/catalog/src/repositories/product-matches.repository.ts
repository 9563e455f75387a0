import { Inject, Injectable } from '@nestjs/common';
import { CatalogProductSchema, type CatalogProduct } from '@pt/contracts/catalog-api';
import { DATABASE, type Database } from '@pt/platform';
import { z } from 'zod';
import { CATALOG_SCHEMA } from './products-cache.repository';

const TABLE = `"${CATALOG_SCHEMA}".product_matches`;

/** A listing the matching rule accepted for a product, with the rule's confidence. */
export interface MatchedListing {
  product: CatalogProduct;
  confidence: number;
}

export interface ProductMatches {
  listings: MatchedListing[];
  matchedAt: Date;
}

const StoredListingsSchema = z.array(
  z.object({ product: CatalogProductSchema, confidence: z.number().min(0).max(1) }),
);

/** The matches of a product per region (migration 005), kept so page views do not search again. */
@Injectable()
export class ProductMatchesRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** The stored matches, or undefined; a row that no longer reads as the product shape counts as none. */
  async find(productId: string, region: string): Promise<ProductMatches | undefined> {
    const { rows } = await this.db.query<{ listings: unknown; matched_at: Date | string }>(
      `SELECT listings, matched_at FROM ${TABLE} WHERE product_id = $1 AND region = $2`,
      [productId, region],
    );
    const row = rows[0];
    if (!row) return undefined;
    const listings = StoredListingsSchema.safeParse(row.listings);
    return listings.success ? { listings: listings.data, matchedAt: new Date(row.matched_at) } : undefined;
  }

  async save(productId: string, region: string, matches: ProductMatches): Promise<void> {
    await this.db.query(
      `INSERT INTO ${TABLE} (product_id, region, listings, matched_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (product_id, region) DO UPDATE
         SET listings = EXCLUDED.listings, matched_at = EXCLUDED.matched_at`,
      [productId, region, JSON.stringify(matches.listings), matches.matchedAt],
    );
  }
}
