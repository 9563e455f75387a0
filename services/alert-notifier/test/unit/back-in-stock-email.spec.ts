import { backInStockEmail } from '../../src/services/back-in-stock-email';

const input = {
  to: 'ada@example.com',
  name: 'Ada',
  notificationId: 'n-1',
  productTitle: 'Sonix <Wireless> Earbuds & Case',
  productImage: 'https://img.example.com/e.jpg',
  oldPrice: 52,
  newPrice: 49.5,
  targetPrice: 0,
  currency: 'EUR',
  productPageUrl: 'http://app.test/product/v1%7C123456789%7C0',
  manageUrl: 'http://app.test/wishlist/alerts',
  settingsUrl: 'http://app.test/settings',
  unsubscribePageUrl: 'http://app.test/unsubscribe?token=abc.def',
  unsubscribeUrl: 'http://app.test/api/v1/alerts/unsubscribe?token=abc.def',
  now: new Date('2026-11-01T12:00:00Z'),
  reason: { kind: 'back_in_stock', price: 49.5, unavailableSince: '2026-10-03T08:00:00.000Z' } as const,
};

/** What a reader of the html part reads: tags dropped, entities decoded, white space folded. */
const htmlText = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

describe(backInStockEmail.name, () => {
  const sut = backInStockEmail(input);

  it('says which kind fired and why, with the price it is back at, in text and html alike', () => {
    expect(sut.subject).toBe('Back in stock: Sonix <Wireless> Earbuds & Case at €49.50');
    const lines = [
      'Sonix <Wireless> Earbuds & Case is back in stock at €49.50.',
      'Alert: back in stock. Why: back in stock at €49.50 (unavailable since 3 Oct) (it fires again only after the listing is out of stock again)',
      'Price now: €49.50',
    ];
    for (const line of lines) {
      expect(sut.text).toContain(line);
      expect(htmlText(sut.html ?? '')).toContain(line);
    }
    // No drop to speak of: no old → new price or saving.
    expect(sut.text).not.toContain('You save');
  });

  it('escapes the title in the html and keeps the links and one-click unsubscribe headers', () => {
    expect(sut.html).toContain('Sonix &lt;Wireless&gt; Earbuds &amp; Case');
    expect(sut.html).not.toContain('<Wireless>');
    for (const url of [input.productPageUrl, input.manageUrl, input.unsubscribePageUrl, input.settingsUrl])
      expect(sut.text).toContain(url);
    expect(sut.headers).toMatchObject({
      'List-Unsubscribe': `<${input.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'X-Notification-Id': 'n-1',
    });
    expect(sut.idempotencyKey).toBe('back-in-stock.n-1');
  });

  it('without a known price it says only that it is back', () => {
    const bare = backInStockEmail({ ...input, reason: { kind: 'back_in_stock' } });
    expect(bare.subject).toBe('Back in stock: Sonix <Wireless> Earbuds & Case');
    expect(bare.text).toContain('Sonix <Wireless> Earbuds & Case is back in stock.');
    expect(bare.text).not.toContain('Price now');
  });
});
