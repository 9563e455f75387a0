import { priceDropEmail, saving } from '../../src/services/price-drop-email';

const input = {
  to: 'ada@example.com',
  name: 'Ada',
  notificationId: 'n-1',
  productTitle: 'Sonix <Wireless> Earbuds & Case',
  productImage: 'https://img.example.com/e.jpg',
  oldPrice: 120,
  newPrice: 99.5,
  targetPrice: 100,
  currency: 'EUR',
  productPageUrl: 'http://app.test/product/v1%7C123456789%7C0',
  manageUrl: 'http://app.test/wishlist/alerts',
  settingsUrl: 'http://app.test/settings',
  unsubscribePageUrl: 'http://app.test/unsubscribe?token=abc.def',
  unsubscribeUrl: 'http://app.test/api/v1/alerts/unsubscribe?token=abc.def',
};

describe(priceDropEmail.name, () => {
  const sut = priceDropEmail(input);

  it('§9: shows old → new in the alert currency with its symbol and two decimals, and the saving', () => {
    expect(sut.subject).toBe('Price drop: Sonix <Wireless> Earbuds & Case is now €99.50');
    expect(sut.text).toContain('Price: €120.00 → €99.50');
    expect(sut.text).toContain('You save: €20.50 (17%)');
    expect(sut.text).toContain('your target of €100.00');
  });

  it('links the product page, alert management, the app unsubscribe page and settings in text and html', () => {
    for (const part of [sut.text, sut.html ?? ''])
      for (const url of [input.productPageUrl, input.manageUrl, input.unsubscribePageUrl, input.settingsUrl])
        expect(part).toContain(url);
    // A person clicking opens the app's page; the raw API (JSON) is only for one-click POSTs.
    expect(sut.html).toContain('href="http://app.test/unsubscribe?token=abc.def"');
    expect(sut.text).not.toContain('/api/');
    expect(sut.html).not.toContain('/api/');
  });

  it('escapes marketplace text in the html and shows the image', () => {
    expect(sut.html).toContain('Sonix &lt;Wireless&gt; Earbuds &amp; Case');
    expect(sut.html).not.toContain('<Wireless>');
    expect(sut.html).toContain('<img src="https://img.example.com/e.jpg"');
  });

  it('RFC 8058: List-Unsubscribe names the one-click URL and List-Unsubscribe-Post says One-Click', () => {
    expect(sut.headers).toEqual({
      'List-Unsubscribe': '<http://app.test/api/v1/alerts/unsubscribe?token=abc.def>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'X-Notification-Id': 'n-1',
    });
  });

  it('is keyed by its notification, so a resend after a crash is the same message', () => {
    expect(sut.idempotencyKey).toBe('price-drop.n-1');
    expect(priceDropEmail({ ...input, newPrice: 1 }).idempotencyKey).toBe(sut.idempotencyKey);
  });

  it('keeps the subject on one bounded line and drops non-http images', () => {
    const long = priceDropEmail({
      ...input,
      productTitle: `Line one\r\nBcc: someone@example.com ${'x'.repeat(200)}`,
      productImage: 'javascript:alert(1)',
    });
    expect(long.subject).not.toMatch(/[\r\n]/);
    expect(long.subject.length).toBeLessThan(120);
    expect(long.html).not.toContain('<img');
  });
});

describe(saving.name, () => {
  it.each([
    [100, 90, { amount: 10, percent: 10 }],
    [99.99, 89.99, { amount: 10, percent: 10 }],
    [3, 2, { amount: 1, percent: 33 }],
    [50, 60, { amount: 0, percent: 0 }],
  ])('from %p to %p saves %p', (oldPrice, newPrice, expected) => {
    expect(saving(oldPrice, newPrice)).toEqual(expected);
  });
});
