import { SAMPLE_PRODUCTS } from '@pt/domain';

/** The static sample every product route opens (§3): its page is titled with the product's title. */
const SAMPLE = SAMPLE_PRODUCTS.find((p) => p.id === 'sample-ebay-1')!;

/**
 * §2: every route and the heading its own page renders (the lazily loaded page rendered, and it is
 * that page, not another route's or the not-found screen). Pages titled by their content name it.
 */
export const ROUTE_HEADINGS: readonly [path: string, heading: string][] = [
  ['/', 'Compare prices across marketplaces'],
  ['/search', 'Search'],
  ['/account', 'Account'],
  ['/settings', 'Settings'],
  // Without a token: the page says the link is not valid.
  ['/unsubscribe', 'Link not valid'],
  ['/extension/connect', 'Connect the browser extension'],
  ['/product/sample-ebay-1', SAMPLE.title],
  ['/compare', 'Compare products'],
  ['/wishlist', 'Wishlists'],
  ['/categories', 'Categories'],
  ['/category/electronics', 'Electronics'],
  ['/deals', 'Deals'],
  ['/trending', 'Trending'],
  ['/new-arrivals', 'New arrivals'],
  ['/marketplace/ebay', 'eBay'],
  ['/pro/home', 'Pro home'],
  ['/pro/search', 'Pro search'],
  ['/pro/product/sample-ebay-1', SAMPLE.title],
  ['/upgrade', 'Upgrade'],
  ['/data-deletion', 'Data deletion'],
  ['/privacy', 'Privacy policy'],
  ['/terms', 'Terms and conditions'],
  ['/affiliate-disclaimer', 'Affiliate disclosure'],
  ['/admin', 'Admin'],
  ['/admin/settings', 'Admin'],
  // Signed out in a production build: the page says it is for administrators.
  ['/design', 'Design system'],
  ['/beta', 'Your AI-powered shopping assistant'],
  ['/no/such/page', 'Page not found'],
];
