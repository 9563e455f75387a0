import {
  basisProblem,
  describeBasisReason,
  evaluateAlertOnBasis,
  initialArmedOnBasis,
  landedPrice,
  type AlertBasis,
} from './alert-basis';
import type { AlertRule } from './alert-kinds';

const target: AlertRule = { kind: 'target', targetPrice: 46 };
/** 10% below a landed 50.00 → 45.00. */
const percent: AlertRule = { kind: 'percent_drop', percent: 10, basePrice: 50 };

describe(evaluateAlertOnBasis.name, () => {
  it.each([
    // [row, rule, basis, armed before, price, shipping, fire, armed after]
    ['landed: item under, landed over the target → no fire', target, 'landed', true, 44, 3.99, false, true],
    ['landed: landed total at or below the target → fire', target, 'landed', true, 41.2, 3.99, true, false],
    ['landed: free shipping counts as 0', target, 'landed', true, 46, 0, true, false],
    ['landed: met, landed still below → no second fire', target, 'landed', false, 40, 3.99, false, false],
    ['landed: met, shipping rises above the line → re-arms', target, 'landed', false, 41.2, 6, false, true],
    ['landed: unknown shipping keeps it armed', target, 'landed', true, 30, undefined, false, true],
    ['landed: unknown shipping keeps it met', target, 'landed', false, 60, undefined, false, false],
    ['item: shipping is ignored', target, 'item', true, 45, 20, true, false],
    ['item: unknown shipping decides anyway', target, 'item', true, 45, undefined, true, false],
    ['landed percent: 10% below the landed base → fire', percent, 'landed', true, 41, 4, true, false],
    ['landed percent: 9.9% below → no fire', percent, 'landed', true, 41.06, 4, false, true],
  ] as const)('%s', (_row, rule, basis, armed, price, shipping, fire, armedAfter) => {
    const sut = evaluateAlertOnBasis({ armed, rule, basis }, { price, shipping });
    expect(sut.fire).toBe(fire);
    expect(sut.armed).toBe(armedAfter);
  });

  it('a landed crossing keeps the total and its parts, and says so', () => {
    const sut = evaluateAlertOnBasis(
      { armed: true, rule: target, basis: 'landed' },
      { price: 41.2, shipping: 3.99 },
    );
    if (!sut.fire) throw new Error('expected a fire');
    expect(sut.reason).toMatchObject({
      kind: 'target',
      price: 45.19,
      landed: { itemPrice: 41.2, shipping: 3.99 },
    });
    expect(describeBasisReason(sut.reason, 'USD')).toBe(
      'landed $45.19 ($41.20 + $3.99 shipping) is at or below your target $46.00',
    );
  });

  it('an item crossing reads as before', () => {
    const sut = evaluateAlertOnBasis(
      { armed: true, rule: target, basis: 'item' },
      { price: 41.2, shipping: 3.99 },
    );
    if (!sut.fire) throw new Error('expected a fire');
    expect(sut.reason.landed).toBeUndefined();
    expect(describeBasisReason(sut.reason, 'USD')).toBe('at or below your target of $46.00: $41.20');
  });

  it('says undecided when a landed alert meets unknown shipping', () => {
    expect(evaluateAlertOnBasis({ armed: true, rule: target, basis: 'landed' }, { price: 30 })).toEqual({
      armed: true,
      fire: false,
      undecided: 'no-shipping',
    });
  });
});

describe(initialArmedOnBasis.name, () => {
  it.each([
    ['item below the target, landed above → armed', 'landed', 44, 3.99, true],
    ['landed at or below the target → met', 'landed', 42, 3.99, false],
    ['landed with unknown shipping → armed', 'landed', 40, undefined, true],
    ['item basis ignores shipping', 'item', 44, 3.99, false],
  ] as const)('%s', (_row, basis: AlertBasis, price, shipping, armed) => {
    expect(initialArmedOnBasis(target, basis, price, shipping)).toBe(armed);
  });
});

describe('landed basis by kind', () => {
  it('is refused for lowest_in_days (history lows are item prices) and allowed for target and percent_drop', () => {
    expect(basisProblem('lowest_in_days', 'landed')).toMatch(/item/);
    expect(basisProblem('target', 'landed')).toBeUndefined();
    expect(basisProblem('percent_drop', 'landed')).toBeUndefined();
    expect(basisProblem('lowest_in_days', 'item')).toBeUndefined();
  });

  it('rounds the landed total to the cent and refuses a negative or unknown shipping', () => {
    expect(landedPrice(41.2, 3.99)).toBe(45.19);
    expect(landedPrice(0.1, 0.2)).toBe(0.3);
    expect(landedPrice(10, undefined)).toBeUndefined();
    expect(landedPrice(10, -1)).toBeUndefined();
  });
});
