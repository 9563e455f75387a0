import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { composeMessage } from '@pt/platform';
import type { PriceContext } from '../../src/services/price-context.client';
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
  now: new Date('2026-11-01T12:00:00Z'),
};

/** The listing's last 90 days as pricing answers them, in the alert's currency. */
const history: PriceContext = {
  points: [
    { at: new Date('2026-08-10T00:00:00Z'), price: 130 },
    { at: new Date('2026-09-01T00:00:00Z'), price: 120 },
    { at: new Date('2026-11-01T10:00:00Z'), price: 99.5 },
  ],
  lowest: { price: 99.5, date: '2026-11-01T10:00:00.000Z' },
  highest: { price: 130, date: '2026-08-10T00:00:00.000Z' },
  badge: 'Lowest in 90 days',
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

describe('the price-drop email with the listing’s history', () => {
  const sut = priceDropEmail({ ...input, history });

  it('says which kind of alert fired, the badge, and the 90-day low and high with their dates', () => {
    expect(sut.text).toContain('Alert: target price €100.00, crossed on the way down');
    expect(sut.text).toContain('Good price? Lowest in 90 days');
    expect(sut.text).toContain('Last 90 days: low €99.50 on 1 Nov 2026, high €130.00 on 10 Aug 2026');
  });

  it('has a plain-text part equal in content to the html part, but the picture', () => {
    const read = htmlText(sut.html ?? '');
    const sentences = sut.text
      .split('\n')
      .filter((line) => line.trim() !== '' && !/https?:\/\//.test(line))
      .map((line) => line.replace(/^(Price|You save): /, ''));
    for (const line of sentences) expect(read).toContain(line.replace(/\s+/g, ' ').replace(/\.$/, ''));
  });

  it('shows the chart inline (a cid PNG mail clients display), described for screen readers', () => {
    expect(sut.attachments).toHaveLength(1);
    const [chart] = sut.attachments!;
    expect(chart).toMatchObject({ contentType: 'image/png', cid: 'price-history@price-tracker' });
    expect(chart!.content.subarray(1, 4).toString('ascii')).toBe('PNG');
    expect(sut.html).toContain('<img src="cid:price-history@price-tracker"');
    expect(sut.html).toContain(
      'alt="Price history, last 90 days, with your target €100.00 dashed; now €99.50"',
    );
  });

  it('renders to a message file of a reasonable size with the html, the text and the picture', async () => {
    const eml = await composeMessage({
      ...sut,
      from: 'Price Tracker <no-reply@price-tracker.local>',
      messageId: '<n-1@price-tracker.local>',
      date: input.now,
    });
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'price-drop-email-')), 'price-drop.eml');
    fs.writeFileSync(file, eml);
    const source = fs.readFileSync(file, 'latin1');
    expect(fs.statSync(file).size).toBeLessThan(40_000);
    expect(source).toMatch(/Content-Type: multipart\/related/);
    expect(source).toMatch(/Content-Type: text\/plain/);
    expect(source).toMatch(/Content-Type: text\/html/);
    expect(source).toMatch(/Content-Type: image\/png/);
    expect(source).toContain('Content-ID: <price-history@price-tracker>');
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  });

  it('goes without chart, badge and range when pricing did not answer', () => {
    const bare = priceDropEmail(input);
    expect(bare.attachments).toBeUndefined();
    expect(bare.html).not.toContain('cid:');
    expect(bare.text).not.toContain('Good price?');
    expect(bare.text).toContain('Alert: target price €100.00');
  });
});

describe('price-drop email: the alert kind line', () => {
  it.each([
    [
      'percent drop',
      { kind: 'percent_drop', price: 41.2, percent: 20, basePrice: 52, threshold: 41.6 } as const,
      'is 20% or more below the price when you set your alert.',
      'Alert: percentage drop. Why: 20% below €52.00 (the price when you set this alert): €41.20',
      'with your 20% line €41.60 dashed',
    ],
    [
      'lowest in 90 days',
      {
        kind: 'lowest_in_days',
        price: 41.2,
        days: 90,
        previousLow: 43.1,
        previousLowAt: '2026-10-03',
      } as const,
      'is the lowest in 90 days.',
      'Alert: lowest price in 90 days. Why: lowest in 90 days: €41.20, previous low €43.10 on 3 Oct',
      'with the previous low €43.10 dashed',
    ],
  ])(
    '%s: says which kind fired and why, in the text and the html alike',
    (_k, reason, headline, line, alt) => {
      const threshold = reason.kind === 'percent_drop' ? reason.threshold : reason.previousLow;
      const sut = priceDropEmail({
        ...input,
        oldPrice: 45,
        newPrice: 41.2,
        targetPrice: threshold,
        reason,
        history,
      });
      for (const part of [sut.text, htmlText(sut.html ?? '')]) {
        expect(part).toContain(headline);
        expect(part).toContain(line);
        expect(part).not.toContain('your target of');
      }
      expect(sut.html).toContain(alt);
    },
  );

  it('a crossing recorded before kinds (no reason) reads as a target alert', () => {
    const sut = priceDropEmail({ ...input, reason: null });
    expect(sut.text).toContain('dropped to your target of €100.00.');
    expect(sut.text).toContain('Alert: target price €100.00, crossed on the way down');
  });
});

describe('price-drop email: landed price (price + shipping)', () => {
  const landedInput = {
    ...input,
    currency: 'USD',
    oldPrice: 49,
    newPrice: 41.2,
    targetPrice: 46,
    basis: 'landed' as const,
    shipping: 3.99,
    reason: {
      kind: 'target',
      price: 45.19,
      targetPrice: 46,
      landed: { itemPrice: 41.2, shipping: 3.99 },
    } as const,
    history,
  };

  it('a landed alert names the kind, the landed total and its parts, the basis and the badge in both parts', () => {
    const sut = priceDropEmail(landedInput);
    for (const part of [sut.text, htmlText(sut.html ?? '')]) {
      expect(part).toContain('with shipping dropped to your target of $46.00.');
      expect(part).toContain('landed $45.19 ($41.20 + $3.99 shipping) is at or below your target $46.00');
      expect(part).toContain('Landed price: $41.20 + $3.99 shipping = $45.19');
      expect(part).toContain('Alert on: price with shipping');
      expect(part).toContain('Good price? Lowest in 90 days');
    }
    expect(sut.subject).toBe('Price drop: Sonix <Wireless> Earbuds & Case is now $45.19 with shipping');
  });

  it('has a plain-text part equal in content to the html part', () => {
    const sut = priceDropEmail(landedInput);
    const read = htmlText(sut.html ?? '');
    const sentences = sut.text
      .split('\n')
      .filter((line) => line.trim() !== '' && !/https?:\/\//.test(line))
      .map((line) => line.replace(/^(Price|You save): /, ''));
    for (const line of sentences) expect(read).toContain(line.replace(/\s+/g, ' ').replace(/\.$/, ''));
  });

  it('an item alert shows the landed price too when shipping is known, free shipping in words', () => {
    const sut = priceDropEmail({ ...input, basis: 'item', shipping: 0 });
    for (const part of [sut.text, htmlText(sut.html ?? '')]) {
      expect(part).toContain('Landed price: €99.50 + free shipping = €99.50');
      expect(part).toContain('Alert on: item price');
    }
    expect(sut.subject).toBe('Price drop: Sonix <Wireless> Earbuds & Case is now €99.50');
  });

  it('says nothing of a landed price when shipping is unknown', () => {
    const sut = priceDropEmail({ ...input, shipping: null });
    expect(sut.text).not.toContain('Landed price');
    expect(sut.html).not.toContain('Landed price');
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
