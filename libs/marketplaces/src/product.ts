import { MARKETPLACE_PRODUCT_ISSUES, PLACEHOLDER_IMAGE_URL, checkMarketplaceProduct } from '@pt/domain';

/**
 * §3 MarketplaceProduct. TODO(contracts): replace with `export type { MarketplaceProduct } from
 * '@pt/contracts'` once the contracts schema lands; the mappers already fill every field.
 */
export interface MarketplaceProduct {
  id: string;
  title: string;
  description: string;
  price: { amount: number; currency: string; formattedPrice: string };
  originalPrice?: number;
  currency: string;
  imageUrl: string;
  images: string[];
  url: string;
  marketplace: 'ebay' | 'aliexpress';
  marketplaceName: string;
  rating: number;
  reviewCount: number;
  seller: { name: string; rating?: number; url?: string };
  shipping: { price: number; formattedPrice: string; isFree: boolean; estimatedDelivery?: string };
  freeShipping: boolean;
  availability: string;
  features: string[];
  specifications: Record<string, string>;
  categories: string[];
  condition: string;
  location?: string;
  lastUpdated: string;
  isSponsored: boolean;
  /** Percent off the original price, 0–100. */
  discount?: number;
}

export type ProductCheck = { ok: true; product: MarketplaceProduct } | { ok: false; issues: string[] };

const PLACEHOLDER_IMAGE_ISSUE = MARKETPLACE_PRODUCT_ISSUES.url('imageUrl');

/**
 * §5 checks on a mapped product. The image placeholder (what §5 sanitising puts in place of a
 * non-http image) is a relative path that the "URLs must parse" rule would reject; it is accepted
 * here because the same section asks for it.
 */
export function checkProduct(product: MarketplaceProduct): ProductCheck {
  const issues = checkMarketplaceProduct(product).filter((issue) => !(issue === PLACEHOLDER_IMAGE_ISSUE && product.imageUrl === PLACEHOLDER_IMAGE_URL));
  return issues.length === 0 ? { ok: true, product } : { ok: false, issues };
}
