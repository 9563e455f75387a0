import { Inject, Injectable } from '@nestjs/common';
import { CatalogProductSchema, type CatalogProduct } from '@pt/contracts/catalog-api';
import { DATABASE, sql, typedQueries, type Database } from '@pt/platform';
import { z } from 'zod';
import type { DB } from './schema';

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
    const row = await typedQueries<DB>(this.db)
      .selectFrom('catalog.product_matches')
      .select(['listings', 'matched_at'])
      .where('product_id', '=', productId)
      .where('region', '=', region)
      .executeTakeFirst();
    if (!row) return undefined;
    const listings = StoredListingsSchema.safeParse(row.listings);
    return listings.success ? { listings: listings.data, matchedAt: row.matched_at } : undefined;
  }

  async save(productId: string, region: string, matches: ProductMatches): Promise<void> {
    await typedQueries<DB>(this.db)
      .insertInto('catalog.product_matches')
      .values({
        product_id: productId,
        region,
        listings: sql`${JSON.stringify(matches.listings)}::jsonb`,
        matched_at: matches.matchedAt,
      })
      .onConflict((c) =>
        c.columns(['product_id', 'region']).doUpdateSet((eb) => ({
          listings: eb.ref('excluded.listings'),
          matched_at: eb.ref('excluded.matched_at'),
        })),
      )
      .execute();
  }
}
