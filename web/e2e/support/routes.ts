/**
 * The shopping screens (issue 15) may title their h1 as they like (a product's title, a query):
 * for them the check is that the lazily loaded page rendered its heading.
 */
const ANY_HEADING = /\S/;

/** §2: every route, its heading (the lazily loaded page rendered) or where it redirects. */
export const ROUTE_HEADINGS: readonly [path: string, heading: string | RegExp][] = [
  ['/', 'Compare prices across marketplaces'],
  ['/search', ANY_HEADING],
  ['/account', 'Account'],
  ['/settings', 'Settings'],
  // Without a token: the page says the link is not valid.
  ['/unsubscribe', 'Link not valid'],
  ['/product/sample-ebay-1', ANY_HEADING],
  ['/compare', ANY_HEADING],
  ['/wishlist', ANY_HEADING],
  ['/categories', ANY_HEADING],
  ['/category/electronics', ANY_HEADING],
  ['/deals', ANY_HEADING],
  ['/trending', ANY_HEADING],
  ['/new-arrivals', ANY_HEADING],
  ['/marketplace/ebay', ANY_HEADING],
  ['/pro/home', 'Pro home'],
  ['/pro/search', 'Pro search'],
  ['/pro/product/sample-ebay-1', /./],
  ['/upgrade', 'Upgrade'],
  ['/data-deletion', 'Data deletion'],
  ['/privacy', 'Privacy policy'],
  ['/terms', 'Terms and conditions'],
  ['/affiliate-disclaimer', 'Affiliate disclosure'],
  ['/admin', 'Admin'],
  ['/admin/settings', 'Admin'],
  ['/beta', 'Your AI-powered shopping assistant'],
  ['/no/such/page', 'Page not found'],
];
