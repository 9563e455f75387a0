import fs from 'node:fs';
import path from 'node:path';
import { ITEM_PAGE_MATCHES, listingFromUrl } from './listing-url';

describe('extension: the listing an item page address names (URL only)', () => {
  it('the manifest content script matches exactly the item pages the parser understands', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'manifest.json'), 'utf8')) as {
      content_scripts: { matches: string[] }[];
    };
    expect(manifest.content_scripts.flatMap((c) => c.matches)).toEqual([...ITEM_PAGE_MATCHES]);
  });

  it.each([
    ['https://www.ebay.com/itm/285112233445', '285112233445', 'v1|285112233445|0'],
    ['https://www.ebay.com/itm/285112233445?hash=item42&_trkparms=x', '285112233445', 'v1|285112233445|0'],
    ['https://www.ebay.com/itm/wireless-earbuds-black/285112233445', '285112233445', 'v1|285112233445|0'],
    ['https://www.ebay.com/itm/285112233445?var=0', '285112233445', 'v1|285112233445|0'],
    ['https://www.ebay.com/itm/285112233445?var=5123', 'v1|285112233445|5123', 'v1|285112233445|5123'],
    ['https://www.ebay.com/itm/285112233445?var=abc', '285112233445', 'v1|285112233445|0'],
  ])('§5 eBay item page %s → listing %s, product %s', (url, listingId, productId) => {
    expect(listingFromUrl(url)).toEqual({ marketplace: 'ebay', listingId, productId });
  });

  it.each([
    ['https://www.aliexpress.com/item/1005001234567890.html', '1005001234567890'],
    ['https://www.aliexpress.com/item/1005001234567890.html?spm=a2g0o.home&gps-id=1', '1005001234567890'],
  ])('§5 AliExpress item page %s → listing %s', (url, listingId) => {
    expect(listingFromUrl(url)).toEqual({
      marketplace: 'aliexpress',
      listingId,
      productId: `aliexpress_${listingId}`,
    });
  });

  it.each([
    'not a url',
    '',
    'http://www.ebay.com/itm/285112233445',
    'https://www.ebay.com/',
    'https://www.ebay.com/itm/',
    'https://www.ebay.com/itm/abc',
    'https://www.ebay.com/itm/12345',
    'https://www.ebay.com/itm/1234567890123456789',
    'https://www.ebay.com/sch/i.html?_nkw=285112233445',
    'https://www.ebay.com.evil.test/itm/285112233445',
    'https://ebay.com/itm/285112233445',
    'https://www.aliexpress.com/item/abc.html',
    'https://www.aliexpress.com/item/1005001234567890',
    'https://www.aliexpress.com/store/1005001234567890.html',
    'https://www.aliexpress.com/item/123456789012345678901.html',
    'https://example.com/itm/285112233445',
  ])('a page it does not understand names no listing: %s', (url) => {
    expect(listingFromUrl(url)).toBeUndefined();
  });
});
