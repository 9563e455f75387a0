import { digestEmail, type DigestEmailInput } from '../../src/services/digest-email';

const item = (n: number, title = `Lamp ${n}`) => ({
  productTitle: title,
  oldPrice: 100,
  newPrice: 80,
  targetPrice: 90,
  currency: 'USD',
  productPageUrl: `http://app.test/product/v1%7C${n}%7C0`,
  unsubscribePageUrl: `http://app.test/unsubscribe?token=t${n}`,
});

const input = (items: DigestEmailInput['items']): DigestEmailInput => ({
  to: 'ada@example.com',
  name: 'Ada',
  digestId: '5b0f1c2e-8d4a-4c3b-9e7f-1a2b3c4d5e6f',
  digestDay: '2026-11-27',
  items,
  manageUrl: 'http://app.test/wishlist/alerts',
  settingsUrl: 'http://app.test/settings',
});

const htmlText = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");

describe(digestEmail.name, () => {
  it.each([
    ['one drop', 1, '1 price drop today'],
    ['several drops', 3, '3 price drops today'],
  ])('%s: subject', (_row, count, subject) =>
    expect(digestEmail(input(Array.from({ length: count }, (_, i) => item(i + 1)))).subject).toBe(subject),
  );

  it('says the same in the html as in the text: every title, price, target, saving and link', () => {
    const mail = digestEmail(input([item(1), item(2, 'Kettle "Pro" & <Co>')]));
    const html = htmlText(mail.html ?? '');
    for (const line of [
      'Your daily digest for Fri, 27 Nov 2026: 2 alerts fired.',
      'Lamp 1',
      'Kettle "Pro" & <Co>',
      'Price: $100.00 → $80.00',
      'Your target: $90.00 · You save $20.00 (20%)',
    ]) {
      expect(mail.text).toContain(line);
      expect(html).toContain(line);
    }
    for (const url of [
      'http://app.test/product/v1%7C2%7C0',
      'http://app.test/unsubscribe?token=t2',
      'http://app.test/wishlist/alerts',
      'http://app.test/settings',
    ]) {
      expect(mail.text).toContain(url);
      expect(mail.html).toContain(`href="${url}"`);
    }
  });

  it('a back-in-stock item says it is back and at what price, with no target or saving', () => {
    const back = {
      ...item(2, 'Tent'),
      oldPrice: 80,
      newPrice: 75,
      targetPrice: 0,
      reason: { kind: 'back_in_stock', price: 75, unavailableSince: '2026-11-20T08:00:00Z' } as const,
    };
    const sut = digestEmail(input([item(1), back]));
    for (const part of [sut.text, htmlText(sut.html ?? '')]) {
      expect(part).toContain('Back in stock at $75.00 (unavailable since 20 Nov)');
      expect(part).toContain('Your target: $90.00');
    }
    expect(sut.text).not.toContain('Your target: $0.00');
    expect(sut.subject).toBe('2 price alerts today');
  });

  it('a percentage or lowest-in-N item says why it fired, not a target the shopper never set', () => {
    const percent = {
      ...item(3, 'Kettle'),
      targetPrice: 80,
      reason: { kind: 'percent_drop', price: 80, percent: 20, basePrice: 100, threshold: 80 } as const,
    };
    const lowest = {
      ...item(4, 'Lamp'),
      targetPrice: 85,
      reason: {
        kind: 'lowest_in_days',
        price: 80,
        days: 90,
        previousLow: 85,
        previousLowAt: '2026-10-03',
      } as const,
    };
    const sut = digestEmail(input([percent, lowest]));
    for (const part of [sut.text, htmlText(sut.html ?? '')]) {
      expect(part).toContain(
        '20% below $100.00 (the price when you set this alert): $80.00 · You save $20.00 (20%)',
      );
      expect(part).toContain(
        'Lowest in 90 days: $80.00, previous low $85.00 on 3 Oct · You save $20.00 (20%)',
      );
      expect(part).not.toContain('Your target');
    }
    expect(sut.subject).toBe('2 price drops today');
  });

  it('a marketplace title never becomes markup, and a line break cannot add a text line', () => {
    const mail = digestEmail(input([item(1, '<script>x</script>\nInjected: line')]));
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;x&lt;/script&gt;');
    expect(mail.text).toContain('1. <script>x</script> Injected: line\n');
  });

  it('resends after a crash carry the same Message-ID key; unsubscribing opens the settings', () => {
    const mail = digestEmail(input([item(1)]));
    expect(mail.idempotencyKey).toBe('digest.5b0f1c2e-8d4a-4c3b-9e7f-1a2b3c4d5e6f');
    expect(mail.headers).toMatchObject({ 'List-Unsubscribe': '<http://app.test/settings>' });
  });
});

describe('digest email: landed prices', () => {
  it('a landed alert says its target is on the price with shipping, and item + shipping = landed, in text and html', () => {
    const mail = digestEmail(
      input([
        { ...item(1), basis: 'landed', shipping: 3.99 },
        { ...item(2), shipping: null },
      ]),
    );
    const html = htmlText(mail.html ?? '');
    for (const line of [
      'Landed price: $80.00 + $3.99 shipping = $83.99',
      'Your target (price with shipping): $90.00 · You save $20.00 (20%)',
      'Your target: $90.00 · You save $20.00 (20%)',
    ]) {
      expect(mail.text).toContain(line);
      expect(html).toContain(line);
    }
    // Unknown shipping: no landed line for the second item.
    expect(mail.text.match(/Landed price/g)).toHaveLength(1);
  });
});
