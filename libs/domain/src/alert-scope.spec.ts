import { describeBasisReason } from './alert-basis';
import {
  evaluateGroup,
  groupCheapest,
  initialGroupArmed,
  scopeProblem,
  type GroupMember,
} from './alert-scope';

const ebay = (price: number | undefined, shipping: number | undefined, available = true): GroupMember => ({
  listingKey: 'ebay:1',
  marketplace: 'ebay',
  productId: '1',
  price,
  shipping,
  currency: 'USD',
  available,
});
const ali = (
  price: number | undefined,
  shipping: number | undefined,
  available = true,
  currency = 'USD',
) => ({
  listingKey: 'aliexpress:2',
  marketplace: 'aliexpress' as const,
  productId: '2',
  price,
  shipping,
  currency,
  available,
});

describe('any-marketplace alert: the group minimum (ARCHITECTURE §6 once per crossing)', () => {
  it.each([
    // [row, armed before, members, fire, armed after, cheapest marketplace]
    [
      'fires when the cheaper member drops to the target',
      true,
      [ebay(50, 5), ali(40, 4)],
      true,
      false,
      'aliexpress',
    ],
    [
      'does not fire while the cheapest landed is above',
      true,
      [ebay(50, 5), ali(45, 4)],
      false,
      true,
      'aliexpress',
    ],
    ['met and still below: no second fire', false, [ebay(50, 5), ali(39, 4)], false, false, 'aliexpress'],
    ['met, the minimum rises above: re-arms', false, [ebay(50, 5), ali(45, 4)], false, true, 'aliexpress'],
    [
      'item under the target but landed over: no fire',
      true,
      [ebay(60, 0), ali(46, 3)],
      false,
      true,
      'aliexpress',
    ],
    [
      'the cheaper member goes out of stock: the next one decides',
      false,
      [ebay(50, 5), ali(30, 1, false)],
      false,
      true,
      'ebay',
    ],
    [
      'a member with unknown shipping is left out',
      true,
      [ebay(48, 1), ali(30, undefined)],
      false,
      true,
      'ebay',
    ],
    ['free shipping counts as 0', true, [ebay(48, 0), ali(60, 0)], true, false, 'ebay'],
  ] as const)('%s', (_row, armed, members, fire, armedAfter, cheapestOn) => {
    const sut = evaluateGroup({ armed, targetPrice: 48 }, members, 'USD');
    expect(sut.fire).toBe(fire);
    expect(sut.armed).toBe(armedAfter);
    expect(sut.cheapest?.member.marketplace).toBe(cheapestOn);
  });

  it('no member on sale with a price keeps the side as it was', () => {
    for (const armed of [true, false]) {
      const sut = evaluateGroup({ armed, targetPrice: 48 }, [ebay(30, 1, false), ali(undefined, 2)], 'USD');
      expect(sut).toEqual({ armed, fire: false, undecided: 'no-price' });
    }
  });

  it('converts each member into the alert currency with the §9 rates before comparing', () => {
    // GBP 0.79 per USD: £31.60 + £3.16 = $40.00 + $4.00 = $44.00 landed, under a $45 target.
    const members = [ebay(50, 0), ali(31.6, 3.16, true, 'GBP')];
    const cheapest = groupCheapest(members, 'USD');
    expect(cheapest).toMatchObject({ itemPrice: 40, shipping: 4, landed: 44 });
    expect(cheapest?.member.marketplace).toBe('aliexpress');
    const sut = evaluateGroup({ armed: true, targetPrice: 45 }, members, 'USD');
    if (!sut.fire) throw new Error('expected a fire');
    expect(describeBasisReason(sut.reason, 'USD')).toBe(
      'cheapest on AliExpress: landed $44.00 ($40.00 + $4.00 shipping) is at or below your target $45.00',
    );
    // A currency the rates do not know leaves that member out.
    expect(groupCheapest([ebay(50, 0), ali(1, 0, true, 'XYZ')], 'USD')?.member.marketplace).toBe('ebay');
  });

  it('starts met when the group is already at or below the target, armed otherwise or when unknown', () => {
    expect(initialGroupArmed(48, [ebay(50, 5), ali(40, 4)], 'USD')).toBe(false);
    expect(initialGroupArmed(40, [ebay(50, 5), ali(40, 4)], 'USD')).toBe(true);
    expect(initialGroupArmed(40, [ali(undefined, 4)], 'USD')).toBe(true);
  });

  it.each([
    ['listing', 'percent_drop', undefined, false],
    ['any_marketplace', 'target', 'landed', false],
    ['any_marketplace', 'target', undefined, false],
    ['any_marketplace', 'target', 'item', true],
    ['any_marketplace', 'percent_drop', 'landed', true],
    ['any_marketplace', 'lowest_in_days', undefined, true],
    ['any_marketplace', 'back_in_stock', undefined, true],
  ] as const)('scope %s with a %s alert on basis %s is refused: %s', (scope, kind, basis, refused) => {
    expect(scopeProblem(scope, kind, basis) !== undefined).toBe(refused);
  });
});
