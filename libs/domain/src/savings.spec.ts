import { currentSavings, defaultAlertTarget, discountPercent, potentialSavings } from './savings';

describe(defaultAlertTarget.name, () => {
  it.each([
    ['§4 90% of the current price', 100, 90],
    ['§4 rounded to cents', 19.99, 17.99],
    ['§4 unknown price → 0', null, 0],
    ['§4 zero price → 0', 0, 0],
    ['§4 NaN → 0', Number.NaN, 0],
  ])('%s', (_row, price, expected) => expect(defaultAlertTarget(price)).toBe(expected));
});

describe(potentialSavings.name, () => {
  // min ≤ average, so current − min ≥ 15% of (current − average) whenever the latter is positive:
  // the 15% term never wins on its own; these rows pin the observable result of §9's max().
  it.each([
    ['§9 no history → 15% of price', 100, [], undefined, 15],
    ['§9 current − min is largest', 100, [80, 100, 120], undefined, 20],
    ['§9 far-below minimum', 100, [99, 0.01, 300], undefined, 99.99],
    ['§9 5% of current is largest', 100, [100, 100], undefined, 5],
    ['§9 current above every past price', 150, [100, 120], undefined, 50],
    ['§9 current below every past price → 5% of current', 80, [100, 120], undefined, 4],
    ['§9 history of objects', 50, [{ price: 40 }, { price: 50 }], undefined, 10],
    ['§9 unusable history points ignored → no history', 100, [0, Number.NaN], undefined, 15],
    ['decision: with a target, current − target', 100, [80], 90, 10],
    ['decision: target above current → 0', 100, [], 120, 0],
    ['unknown current price → 0', 0, [10], undefined, 0],
  ])('%s', (_row, current, history, target, expected) =>
    expect(potentialSavings(current, history, target)).toBe(expected),
  );
});

describe(currentSavings.name, () => {
  it.each([
    ['price dropped since added', 100, 79.5, 20.5],
    ['price rose: no negative savings', 100, 120, 0],
    ['unknown price', null, 10, 0],
  ])('%s', (_row, added, now, expected) => expect(currentSavings(added, now)).toBe(expected));
});

describe(discountPercent.name, () => {
  it.each([
    ['25% off', 89.99, 119.99, 25],
    ['rounds to whole percent', 10, 30, 67],
    ['no original price', 10, undefined, undefined],
    ['original equal to price', 10, 10, undefined],
    ['original below price', 10, 8, undefined],
    ['unknown price', 0, 10, undefined],
  ] as [string, number, number | undefined, number | undefined][])(
    '%s',
    (_row, price, original, expected) => {
      expect(discountPercent(price, original)).toBe(expected);
    },
  );
});
