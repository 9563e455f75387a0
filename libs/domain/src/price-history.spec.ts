import {
  GLOBAL_SNAPSHOT_WINDOW_MS,
  PRICE_HISTORY_DEFAULT_DAYS,
  shouldSavePriceSnapshot,
} from './price-history';
import { HOUR_MS } from './time';

describe(shouldSavePriceSnapshot.name, () => {
  it.each([
    ['§4 positive price', 10, true],
    ['§4 zero price (placeholder)', 0, false],
    ['§4 negative', -1, false],
    ['§4 unknown', null, false],
    ['§4 NaN', Number.NaN, false],
  ])('%s', (_row, price, expected) => expect(shouldSavePriceSnapshot(price)).toBe(expected));
});

describe('price history constants', () => {
  it('§9 a global snapshot is skipped within 6 hours', () =>
    expect(GLOBAL_SNAPSHOT_WINDOW_MS).toBe(6 * HOUR_MS));
  it('§9 default history window is 30 days', () => expect(PRICE_HISTORY_DEFAULT_DAYS).toBe(30));
});
