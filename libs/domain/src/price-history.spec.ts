import {
  GLOBAL_SNAPSHOT_WINDOW_MS,
  PRICE_HISTORY_DEFAULT_DAYS,
  isPriceChange,
  isPriceDrop,
  shouldSavePriceSnapshot,
  shouldStoreGlobalSnapshot,
} from './price-history';
import { HOUR_MS } from './time';

const T = Date.parse('2026-05-01T00:00:00Z');

describe(shouldSavePriceSnapshot.name, () => {
  it.each([
    ['§4 positive price', 10, true],
    ['§4 zero price (placeholder)', 0, false],
    ['§4 negative', -1, false],
    ['§4 unknown', null, false],
    ['§4 NaN', Number.NaN, false],
  ])('%s', (_row, price, expected) => expect(shouldSavePriceSnapshot(price)).toBe(expected));
});

describe(shouldStoreGlobalSnapshot.name, () => {
  const latest = { price: 10, currency: 'USD', at: T };
  it.each([
    ['§4 first snapshot', null, { price: 10, currency: 'USD', at: T }, true],
    [
      '§9 same price within 6 hours is skipped',
      latest,
      { price: 10, currency: 'USD', at: T + 5 * HOUR_MS },
      false,
    ],
    [
      '§9 same price after 6 hours is stored',
      latest,
      { price: 10, currency: 'USD', at: T + GLOBAL_SNAPSHOT_WINDOW_MS },
      true,
    ],
    [
      'ARCH §6 changed price within 6 hours is stored (no hidden drop)',
      latest,
      { price: 9, currency: 'USD', at: T + HOUR_MS },
      true,
    ],
    [
      'ARCH §6 changed currency within 6 hours is stored',
      latest,
      { price: 10, currency: 'EUR', at: T + HOUR_MS },
      true,
    ],
    ['§4 zero price is never stored', null, { price: 0, currency: 'USD', at: T }, false],
  ])('%s', (_row, prev, observed, expected) =>
    expect(shouldStoreGlobalSnapshot(prev, observed)).toBe(expected),
  );
});

describe(isPriceDrop.name, () => {
  it.each([
    [
      'ARCH §6 lower price same currency',
      { price: 10, currency: 'USD' },
      { price: 9, currency: 'USD' },
      true,
      true,
    ],
    ['ARCH §6 higher price', { price: 10, currency: 'USD' }, { price: 11, currency: 'USD' }, false, true],
    ['ARCH §6 same price', { price: 10, currency: 'USD' }, { price: 10, currency: 'USD' }, false, false],
    [
      'ARCH §6 different currency is a change, never a drop',
      { price: 10, currency: 'USD' },
      { price: 5, currency: 'EUR' },
      false,
      true,
    ],
    ['ARCH §6 nothing recorded before', null, { price: 5, currency: 'USD' }, false, false],
  ])('%s', (_row, prev, next, drop, change) => {
    expect(isPriceDrop(prev, next)).toBe(drop);
    expect(isPriceChange(prev, next)).toBe(change);
  });

  it('§9 default history window is 30 days', () => expect(PRICE_HISTORY_DEFAULT_DAYS).toBe(30));
});
