import { MarketplaceProductSchema, type MarketplaceProduct as ContractMarketplaceProduct } from '@pt/contracts';
import { MARKETPLACE_PRODUCT_ISSUES, PLACEHOLDER_IMAGE_URL, checkMarketplaceProduct } from '@pt/domain';

/** The fields of the §3 contract that the drivers always fill (the contract leaves them optional). */
type AlwaysFilled = 'description' | 'rating' | 'reviewCount' | 'seller' | 'shipping' | 'freeShipping' | 'availability' | 'condition' | 'lastUpdated' | 'isSponsored';

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
  };

export type ProductCheck = { ok: true; product: MarketplaceProduct } | { ok: false; issues: string[] };

const PLACEHOLDER_IMAGE_ISSUE = MARKETPLACE_PRODUCT_ISSUES.url('imageUrl');

/**
 * §5 checks on a mapped product, through the contract schema (types, formats) and the domain
 * checks it embeds. One exception: the image placeholder that §5 sanitising puts in place of a
 * non-http image is a relative path, which the "URLs must parse" rule would reject; the same
 * section asks for it, so it is accepted here.
 */
export function checkProduct(product: MarketplaceProduct): ProductCheck {
  const placeholder = product.imageUrl === PLACEHOLDER_IMAGE_URL;
  const keep = (issue: string) => !(placeholder && issue === PLACEHOLDER_IMAGE_ISSUE);
  const parsed = MarketplaceProductSchema.safeParse(product);
  const issues = parsed.success
    ? []
    : parsed.error.issues.map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message)).filter(keep);
  // The schema skips its refinement when a field already failed; run the domain checks as well.
  for (const issue of checkMarketplaceProduct(product)) if (keep(issue) && !issues.includes(issue)) issues.push(issue);
  return issues.length === 0 ? { ok: true, product } : { ok: false, issues };
}
