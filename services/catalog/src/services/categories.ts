import { AppError } from '@pt/platform';
import type { LiveMarketplaceId } from '@pt/domain';

/**
 * The catalog's browse categories: each maps to the marketplaces' own top-level category ids
 * (eBay category ids, AliExpress first-level category ids) and to the category names products
 * carry (the static samples use finer names such as "Video Games"). The spec names no category
 * list; these are the marketplaces' largest departments.
 */
export interface CatalogCategory {
  slug: string;
  name: string;
  marketplaceCategoryIds: Record<LiveMarketplaceId, string>;
  /** Lower-case category names that belong here (product.category / the marketplaces' names). */
  names: readonly string[];
}

export const CATEGORIES: readonly CatalogCategory[] = [
  {
    slug: 'electronics',
    name: 'Electronics',
    marketplaceCategoryIds: { ebay: '293', aliexpress: '44' },
    names: [
      'electronics',
      'consumer electronics',
      'computers',
      'video games',
      'smart home',
      'tv & video',
      'cell phones & accessories',
    ],
  },
  {
    slug: 'home',
    name: 'Home & Kitchen',
    marketplaceCategoryIds: { ebay: '11700', aliexpress: '15' },
    names: ['home & kitchen', 'home & garden', 'home'],
  },
  {
    slug: 'fashion',
    name: 'Fashion',
    marketplaceCategoryIds: { ebay: '11450', aliexpress: '3' },
    names: ['fashion', 'clothing, shoes & accessories', 'apparel & accessories'],
  },
  {
    slug: 'toys',
    name: 'Toys & Games',
    marketplaceCategoryIds: { ebay: '220', aliexpress: '26' },
    names: ['toys & games', 'toys & hobbies'],
  },
  {
    slug: 'sports',
    name: 'Sports & Outdoors',
    marketplaceCategoryIds: { ebay: '888', aliexpress: '18' },
    names: ['sports & outdoors', 'sporting goods', 'sports & entertainment'],
  },
  {
    slug: 'beauty',
    name: 'Beauty & Personal Care',
    marketplaceCategoryIds: { ebay: '26395', aliexpress: '66' },
    names: ['beauty & personal care', 'health & beauty', 'beauty & health'],
  },
  {
    slug: 'automotive',
    name: 'Automotive',
    marketplaceCategoryIds: { ebay: '6000', aliexpress: '34' },
    names: ['automotive', 'ebay motors', 'automobiles & motorcycles', 'automobiles, parts & accessories'],
  },
  {
    slug: 'garden',
    name: 'Garden & Outdoor',
    marketplaceCategoryIds: { ebay: '159912', aliexpress: '125' },
    names: ['garden & outdoor', 'yard, garden & outdoor living', 'home improvement'],
  },
];

export const CATEGORY_SLUGS = CATEGORIES.map((c) => c.slug);

export function findCategory(slug: string): CatalogCategory | undefined {
  const wanted = slug.trim().toLowerCase();
  return CATEGORIES.find((c) => c.slug === wanted);
}

/** The category a request names, undefined when it names none; an unknown slug is a 400. */
export function requestedCategory(slug: string | undefined): CatalogCategory | undefined {
  if (slug === undefined) return undefined;
  const found = findCategory(slug);
  if (!found)
    throw AppError.badRequest(
      `Unknown category; valid categories: ${CATEGORY_SLUGS.join(', ')}`,
      { validValues: CATEGORY_SLUGS },
      'unknown_category',
    );
  return found;
}

/** Whether a product's category name belongs to the browse category. */
export function inCategory(category: CatalogCategory, productCategory: string | undefined): boolean {
  return productCategory !== undefined && category.names.includes(productCategory.trim().toLowerCase());
}
