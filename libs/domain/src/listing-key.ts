import { detectMarketplace } from './marketplace-detection';
import { type MarketplaceId } from './marketplaces';
import { decodeProductId, extractCrossBorderId, normalizeProductId, parsePipeId } from './product-ids';

/**
 * Listing identity (ARCHITECTURE §6): a listing is (marketplace, item id, eBay variation). Routes,
 * wishlists, alerts, pollers and marketplaces name one listing in different forms
 * ("v1|285112233445|0", "285112233445", "ebay_285112233445", "aliexpress_1005…", "1005…"); every
 * form of the same variation maps to one listing id, and two variations of one item never share it.
 *
 * The listing id is also a form the drivers accept back, so pollers can fetch by it:
 * - eBay, no variation or variation "0": the legacy item id ("285112233445");
 * - eBay, a real variation: the API id "v1|285112233445|456" (only it finds that variation);
 * - AliExpress: the numeric product id inside any of its prefixes;
 * - sample-only marketplaces: the §5 normalisation.
 */
export function listingIdOf(marketplace: MarketplaceId, rawId: string): string {
  switch (marketplace) {
    case 'aliexpress':
      return extractCrossBorderId(decodeProductId(rawId).trim());
    case 'ebay': {
      const id = rawId.trim();
      const pipe = parsePipeId(id);
      const itemId = normalizeProductId(id);
      return pipe?.variation && !/^0+$/.test(pipe.variation) ? `v1|${itemId}|${pipe.variation}` : itemId;
    }
    case 'amazon':
    case 'walmart':
      return normalizeProductId(rawId.trim());
  }
}

/** The key every event about a listing carries (partition / stream key): "marketplace:listingId". */
export function listingKeyOf(marketplace: MarketplaceId, rawId: string): string {
  return `${marketplace}:${listingIdOf(marketplace, rawId)}`;
}

/** What a client knows about a product it saves: its id in any form plus the §5 detection hints. */
export interface ProductListingHints {
  productId: string;
  marketplace?: string | null | undefined;
  source?: string | null | undefined;
  url?: string | null | undefined;
}

/** §5: the product's marketplace: the named one if known, else detected from source → URL → id. */
export function marketplaceOfProduct(product: ProductListingHints): MarketplaceId {
  return detectMarketplace({
    marketplace: product.marketplace,
    source: product.source,
    url: product.url,
    id: product.productId,
  });
}

/**
 * The listing a saved product names. Wishlists compare products by it, in the browser (anonymous
 * shoppers) and in the wishlist service alike, so "285…", "v1|285…|0" and "ebay_285…" are one item
 * for both, while the same number on two marketplaces stays two.
 */
export function listingKeyOfProduct(product: ProductListingHints): string {
  return listingKeyOf(marketplaceOfProduct(product), product.productId);
}

/**
 * The id the web app's product page (`/product/:id`) opens a listing by, from its listing id — the
 * form alerts and wishlists store. The catalog finds an eBay item by its Browse API form only
 * ("v1|id|0"; a bare legacy id it has not cached is a 404) and a cross-border listing by its
 * prefixed form, so a link built from the bare listing id would land on "Product not found".
 */
export function productPageIdOf(marketplace: MarketplaceId, listingId: string): string {
  const id = listingId.trim();
  if (marketplace === 'ebay' && /^\d{9,15}$/.test(id)) return `v1|${id}|0`;
  if (marketplace === 'aliexpress' && /^\d+$/.test(id)) return `aliexpress_${id}`;
  return id;
}
