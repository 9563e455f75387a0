import { createAlertBody, fromServer } from '../api/alert-actions';
import { kindChoice, kindText } from './alert-kind';
import { AlertViewSchema } from '@pt/contracts';

const view = (extra: Record<string, unknown>) =>
  fromServer(
    AlertViewSchema.parse({
      id: 'a1',
      productId: '123',
      productTitle: 'Lamp',
      targetPrice: 41.6,
      currentPrice: 52,
      currency: 'USD',
      marketplace: 'ebay',
      isActive: true,
      browserNotifications: false,
      createdAt: '2026-11-01T00:00:00.000Z',
      updatedAt: '2026-11-01T00:00:00.000Z',
      source: 'standalone',
      state: 'armed',
      kind: 'target',
      ...extra,
    }),
  );

describe('alert kinds in the web app', () => {
  it.each([
    [{ kind: 'target', percent: '20', days: '90' }, undefined],
    [
      { kind: 'percent_drop', percent: '20', days: '90' },
      { kind: 'percent_drop', percent: 20 },
    ],
    [{ kind: 'percent_drop', percent: '91', days: '90' }, null],
    [{ kind: 'percent_drop', percent: '', days: '90' }, null],
    [{ kind: 'percent_drop', percent: '2.5', days: '90' }, null],
    [
      { kind: 'lowest_in_days', percent: '', days: '365' },
      { kind: 'lowest_in_days', days: 365 },
    ],
    [{ kind: 'lowest_in_days', percent: '', days: '60' }, null],
    [{ kind: 'back_in_stock', percent: '', days: '' }, { kind: 'back_in_stock' }],
  ] as const)('kindChoice(%j) → %j', (draft, expected) => expect(kindChoice(draft)).toEqual(expected));

  it('sends the kind and its parameter instead of a target', () => {
    const product = { id: '123', title: 'Lamp', price: 52, currency: 'USD', marketplace: 'ebay' };
    expect(createAlertBody(product, 0, { kind: 'lowest_in_days', days: 90 })).toEqual({
      productId: '123',
      kind: 'lowest_in_days',
      days: 90,
      marketplace: 'ebay',
      productTitle: 'Lamp',
      currency: 'USD',
    });
    expect(createAlertBody(product, 45)).toMatchObject({ targetPrice: 45 });
    expect(createAlertBody(product, 45)).not.toHaveProperty('kind');
  });

  it('says what a server alert of each kind watches; a target alert shows its target instead', () => {
    expect(kindText(view({ kind: 'percent_drop', percent: 20, basePrice: 52 }))).toBe(
      '20% below $52.00 (the price when you set this alert)',
    );
    expect(kindText(view({ kind: 'lowest_in_days', days: 90, targetPrice: 0 }))).toBe(
      'Lowest price in 90 days',
    );
    expect(kindText(view({}))).toBeUndefined();
  });

  it('says whether a back-in-stock alert waits for the listing to go or to come back', () => {
    expect(kindText(view({ kind: 'back_in_stock', targetPrice: 0, state: 'armed' }))).toBe(
      'Back in stock (out of stock now: emails when it is back)',
    );
    expect(kindText(view({ kind: 'back_in_stock', targetPrice: 0, state: 'met' }))).toBe(
      'Back in stock (on sale now: emails after it goes out of stock and comes back)',
    );
    const product = { id: '123', title: 'Lamp', price: 52, currency: 'USD', marketplace: 'ebay' };
    expect(createAlertBody(product, 0, { kind: 'back_in_stock' })).toEqual({
      productId: '123',
      kind: 'back_in_stock',
      marketplace: 'ebay',
      productTitle: 'Lamp',
      currency: 'USD',
    });
  });
});
