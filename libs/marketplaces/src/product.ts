import {
  MarketplaceProductSchema,
  type MarketplaceProduct as ContractMarketplaceProduct,
} from '@pt/contracts';
import { checkMarketplaceProduct, roundMoney } from '@pt/domain';

/** The fields of the §3 contract that the drivers always fill (the contract leaves them optional). */
type AlwaysFilled =
  | 'description'
  | 'rating'
  | 'reviewCount'
  | 'seller'
  | 'shipping'
  | 'freeShipping'
  | 'availability'
  | 'condition'
  | 'lastUpdated'
  | 'isSponsored';

/**
 * What a driver returns: the §3 MarketplaceProduct of @pt/contracts (so it can go anywhere that
 * contract is expected), with every field a driver always fills made non-optional, and the
 * marketplace narrowed to the two live ones.
 */
export type MarketplaceProduct = ContractMarketplaceProduct &
  Required<Pick<ContractMarketplaceProduct, AlwaysFilled>> & {
    marketplace: 'ebay' | 'aliexpress';
    seller: NonNullable<ContractMarketplaceProduct['seller']>;
    shipping: NonNullable<ContractMarketplaceProduct['shipping']>;
    /**
     * The price in the currency the seller lists it in, when the marketplace converted `price`
     * to the viewer's currency (eBay `price.convertedFrom*`, AliExpress `sale_price*` beside
     * `target_sale_price*`). The listing's history is recorded in this one (ARCHITECTURE §6 "One
     * history per listing, in the listing's currency"); `price` is what the shopper is shown.
     */
    listingPrice?: ListingPrice;
  };

/** A price in the listing's own currency. */
export interface ListingPrice {
  amount: number;
  currency: string;
}

/**
 * The price to record for a listing: its own-currency price when the marketplace gave one, else
 * the shown price (the marketplace did not convert it).
 */
export function listingPriceOf(product: Pick<MarketplaceProduct, 'price' | 'listingPrice'>): ListingPrice {
  return product.listingPrice ?? { amount: product.price.amount, currency: product.price.currency };
}

/**
 * The listing's shipping in the listing's own currency (what price.observed carries beside the
 * listing price): restated at the marketplace's own rate (listing price / shown price) when the
 * marketplace converted the shown prices, so item and shipping add up in one currency.
 */
export function listingShippingOf(
  product: Pick<MarketplaceProduct, 'price' | 'listingPrice' | 'shipping'>,
): number {
  const shipping = product.shipping.price;
  const listing = product.listingPrice;
  if (!listing || listing.currency === product.price.currency || !(product.price.amount > 0)) return shipping;
  return roundMoney((shipping * listing.amount) / product.price.amount);
}

export type ProductCheck = { ok: true; product: MarketplaceProduct } | { ok: false; issues: string[] };

/** §5 checks on a mapped product, through the contract schema (types, formats) and the domain checks it embeds. */
export function checkProduct(product: MarketplaceProduct): ProductCheck {
  const parsed = MarketplaceProductSchema.safeParse(product);
  const issues = parsed.success
    ? []
    : parsed.error.issues.map((issue) =>
        issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message,
      );
  // The schema skips its refinement when a field already failed; run the domain checks as well.
  for (const issue of checkMarketplaceProduct(product)) if (!issues.includes(issue)) issues.push(issue);
  return issues.length === 0 ? { ok: true, product } : { ok: false, issues };
}
