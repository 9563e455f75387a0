import { detectMarketplace, marketplaceFromId, marketplaceFromUrl } from './marketplace-detection';
import { DEFAULT_MARKETPLACE, MARKETPLACE_NAMES, isLiveMarketplace, isMarketplaceId } from './marketplaces';

describe(detectMarketplace.name, () => {
  it.each([
    [
      '§5 explicit name wins over everything',
      { marketplace: 'Walmart', source: 'eBay', url: 'https://www.amazon.com/x', id: 'ebay_1' },
      'walmart',
    ],
    ['§5 names are lowercased and trimmed', { marketplace: '  AliExpress ' }, 'aliexpress'],
    ['§5 source when no name', { source: 'Amazon', url: 'https://www.ebay.com/itm/1' }, 'amazon'],
    ['§5 unknown name falls through to source', { marketplace: 'etsy', source: 'walmart' }, 'walmart'],
    [
      '§8 source Unknown falls through to URL',
      { source: 'Unknown', url: 'https://www.walmart.com/ip/123' },
      'walmart',
    ],
    ['§5 URL host when no name or source', { url: 'https://www.ebay.co.uk/itm/123', id: 'amazon_1' }, 'ebay'],
    ['§5 id pattern last', { id: 'wm_123' }, 'walmart'],
    ['§5 default is the auction marketplace', {}, 'ebay'],
    [
      '§5 default when nothing matches',
      { marketplace: 'x', source: 'y', url: 'not a url', id: 'plain' },
      'ebay',
    ],
    ['aliases of the API source names', { source: 'aliexpress-api' }, 'aliexpress'],
  ])('%s', (_row, hints, expected) => expect(detectMarketplace(hints)).toBe(expected));
});

describe(marketplaceFromUrl.name, () => {
  it.each([
    ['§5 ebay.com', 'https://www.ebay.com/itm/285112233445', 'ebay'],
    ['§5 ebay regional', 'https://ebay.de/itm/1', 'ebay'],
    ['§5 aliexpress', 'https://www.aliexpress.com/item/1005006123456789.html', 'aliexpress'],
    ['§5 aliexpress affiliate link', 'https://s.click.aliexpress.com/e/_DmX', 'aliexpress'],
    ['§5 aliexpress image host', 'https://ae-pic-a1.aliexpress-media.com/kf/S1a.jpg', 'aliexpress'],
    ['§5 amazon regional', 'https://www.amazon.co.uk/dp/B08N5WRWNW', 'amazon'],
    ['§5 amazon short link', 'https://amzn.to/3abc', 'amazon'],
    ['§5 walmart canada', 'https://www.walmart.ca/en/ip/1', 'walmart'],
    ['look-alike host is not a marketplace', 'https://notebay.com/x', undefined],
    ['unparsable URL', 'ebay', undefined],
    ['missing', null, undefined],
  ])('%s', (_row, url, expected) => expect(marketplaceFromUrl(url)).toBe(expected));
});

describe(marketplaceFromId.name, () => {
  it.each([
    ['§5 cross-border aliexpress_', 'aliexpress_1005', 'aliexpress'],
    ['§5 cross-border ali_', 'ali_1005', 'aliexpress'],
    ['§5 cross-border ae_', 'ae_1005', 'aliexpress'],
    ['§5 cross-border 10+ digits (listed first, wins over auction 9–12)', '1005006123', 'aliexpress'],
    ['§5 auction pipe id', 'v1|285112233445|0', 'ebay'],
    ['§5 auction encoded pipe id', 'v1%7C285112233445%7C0', 'ebay'],
    ['§5 auction ebay_ prefix', 'ebay_285112233445', 'ebay'],
    ['§5 auction 9 digits', '123456789', 'ebay'],
    ['§5 large retailer amazon_', 'amazon_B08N5WRWNW', 'amazon'],
    ['§5 large retailer amz_', 'amz_B08N5WRWNW', 'amazon'],
    ['§5 large retailer 10 uppercase alphanumerics (ASIN)', 'B08N5WRWNW', 'amazon'],
    ['§5 big-box walmart_', 'walmart_123', 'walmart'],
    ['§5 big-box wm_', 'wm_123', 'walmart'],
    ['§5 8 digits match nothing', '12345678', undefined],
    ['§5 lowercase 10 chars match nothing', 'b08n5wrwnw', undefined],
    ['missing id', undefined, undefined],
  ])('%s', (_row, id, expected) => expect(marketplaceFromId(id)).toBe(expected));
});

describe('marketplaces', () => {
  it('§1 four kinds, two live, auction default', () => {
    expect(Object.keys(MARKETPLACE_NAMES)).toEqual(['ebay', 'aliexpress', 'amazon', 'walmart']);
    expect(DEFAULT_MARKETPLACE).toBe('ebay');
    expect(isMarketplaceId('amazon')).toBe(true);
    expect(isMarketplaceId('etsy')).toBe(false);
    expect(isLiveMarketplace('aliexpress')).toBe(true);
    expect(isLiveMarketplace('amazon')).toBe(false);
  });
});
