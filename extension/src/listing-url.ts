import { isValidAuctionItemId, listingIdOf, productPageIdOf, type MarketplaceId } from '@pt/domain';

/** A listing named by a marketplace item page's address: what the panel asks the app about. */
export interface PageListing {
  marketplace: Extract<MarketplaceId, 'ebay' | 'aliexpress'>;
  /** The listing id (ARCHITECTURE §6) the app's wishlists and alerts store. */
  listingId: string;
  /** The id the app's catalog and product page open the listing by. */
  productId: string;
}

/**
 * The item pages the content script runs on: exactly the manifest's match patterns. A hostname
 * outside them (a regional site, a look-alike) is not a page the panel understands.
 */
export const ITEM_PAGE_MATCHES = ['https://www.ebay.com/itm/*', 'https://www.aliexpress.com/item/*'] as const;

/** eBay: /itm/<legacy id> or the longer /itm/<title-slug>/<legacy id>. */
const EBAY_ITEM_PATH = /^\/itm\/(?:[^/]+\/)?(\d+)\/?$/;
/** AliExpress: /item/<product id>.html. */
const ALIEXPRESS_ITEM_PATH = /^\/item\/(\d{1,20})\.html$/;
const VARIATION = /^\d{1,20}$/;

/**
 * The listing an item page's URL names, from the URL alone (no page content is read), or
 * undefined for any page the panel does not understand: it then shows nothing.
 */
export function listingFromUrl(href: string): PageListing | undefined {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:') return undefined;
  if (url.hostname === 'www.ebay.com') {
    const itemId = EBAY_ITEM_PATH.exec(url.pathname)?.[1];
    if (!itemId || !isValidAuctionItemId(itemId)) return undefined;
    // A multi-variation listing's page names the variation shown in ?var=; it is its own listing.
    const variation = url.searchParams.get('var') ?? '';
    const apiId = `v1|${itemId}|${VARIATION.test(variation) ? variation : '0'}`;
    const listingId = listingIdOf('ebay', apiId);
    return { marketplace: 'ebay', listingId, productId: productPageIdOf('ebay', listingId) };
  }
  if (url.hostname === 'www.aliexpress.com') {
    const id = ALIEXPRESS_ITEM_PATH.exec(url.pathname)?.[1];
    if (!id) return undefined;
    const listingId = listingIdOf('aliexpress', id);
    return { marketplace: 'aliexpress', listingId, productId: productPageIdOf('aliexpress', listingId) };
  }
  return undefined;
}
