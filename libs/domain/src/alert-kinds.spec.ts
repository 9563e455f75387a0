import {
  AlertRule,
  PriceLow,
  describeAlertReason,
  describeAlertRule,
  evaluateAlertKind,
  evaluateBackInStock,
  initialArmed,
  initialBackInStockArmed,
  isLowestInDays,
  isPercentDrop,
  percentDropThreshold,
} from './alert-kinds';

const target: AlertRule = { kind: 'target', targetPrice: 90 };
/** 20% below 52.00 → 41.60. */
const percent: AlertRule = { kind: 'percent_drop', percent: 20, basePrice: 52 };
const lowest: AlertRule = { kind: 'lowest_in_days', days: 90 };
const lows = (price: number, at = '2026-10-03'): PriceLow[] => [
  { days: 30, price: price + 1, at },
  { days: 90, price, at },
  { days: 365, price: price - 5, at },
];

describe(evaluateAlertKind.name, () => {
  it.each([
    // [row, rule, armed before, price, lows, fire, armed after]
    ['target: armed, falls to the target → fire', target, true, 90, undefined, true, false],
    ['target: armed, falls below the target → fire', target, true, 80, undefined, true, false],
    ['target: met, stays at or below → no fire', target, false, 85, undefined, false, false],
    ['target: met, rises above → re-arms', target, false, 95, undefined, false, true],
    ['target: armed, above → stays armed, no fire', target, true, 95, undefined, false, true],
    [
      'target: 0 (price unknown when set) never fires',
      { kind: 'target', targetPrice: 0 } as AlertRule,
      true,
      1,
      undefined,
      false,
      true,
    ],
    ['percent: armed, exactly 20% below the base → fire', percent, true, 41.6, undefined, true, false],
    ['percent: armed, more than 20% below → fire', percent, true, 41.2, undefined, true, false],
    ['percent: armed, 19.9% below → no fire', percent, true, 41.65, undefined, false, true],
    ['percent: met, still below → no fire', percent, false, 40, undefined, false, false],
    ['percent: met, back above the threshold → re-arms', percent, false, 41.61, undefined, false, true],
    ['lowest: armed, at the 90-day low → fire', lowest, true, 43.1, lows(43.1), true, false],
    ['lowest: armed, below the 90-day low → fire', lowest, true, 41.2, lows(43.1), true, false],
    ['lowest: armed, above the 90-day low → no fire', lowest, true, 44, lows(43.1), false, true],
    ['lowest: met, a further new low → no second fire', lowest, false, 40, lows(41.2), false, false],
    ['lowest: met, above the low before it → re-arms', lowest, false, 41.21, lows(41.2), false, true],
    ['lowest: reads its own window, not 30 or 365', lowest, true, 43.5, lows(43.1), false, true],
    ['any kind: unknown price changes nothing', percent, true, 0, undefined, false, true],
  ])('%s', (_row, rule, armed, price, l, fire, armedAfter) => {
    const sut = evaluateAlertKind({ armed, rule }, { price, ...(l ? { lows: l } : {}) });
    expect(sut.fire).toBe(fire);
    expect(sut.armed).toBe(armedAfter);
  });

  it.each([
    ['an event without lows (older producer)', undefined],
    ['lows without this window', [{ days: 30, price: 50, at: '2026-10-03' }]],
  ])('lowest-in-N cannot decide from %s: keeps its side and says why', (_row, l) => {
    for (const armed of [true, false])
      expect(evaluateAlertKind({ armed, rule: lowest }, { price: 10, ...(l ? { lows: l } : {}) })).toEqual({
        armed,
        fire: false,
        undecided: 'no-history',
      });
  });

  it.each([
    [
      'target',
      target,
      [100, 90, 85, 80, 95, 89, 89.5, 91, 88],
      [false, true, false, false, false, true, false, false, true],
    ],
    ['percent_drop', percent, [52, 41.6, 40, 45, 41, 50, 30], [false, true, false, false, true, false, true]],
  ])('%s: a price sequence fires once per crossing and again after re-arming', (_k, rule, prices, fires) => {
    let armed = initialArmed(rule, 100);
    const fired = prices.map((price) => {
      const r = evaluateAlertKind({ armed, rule }, { price });
      armed = r.armed;
      return r.fire;
    });
    expect(fired).toEqual(fires);
  });

  it('lowest_in_days: each observation compared with the low before it (running history)', () => {
    // The listing's 90-day history before the alert: low 43.10.
    const history = [50, 43.1, 47];
    const prices = [44, 42, 41, 45, 46, 40, 40.5, 39];
    let armed = initialArmed(lowest, 47);
    const fired = prices.map((price) => {
      const low = Math.min(...history);
      const r = evaluateAlertKind(
        { armed, rule: lowest },
        { price, lows: [{ days: 90, price: low, at: '2026-10-03' }] },
      );
      history.push(price);
      armed = r.armed;
      return r.fire;
    });
    // 44 above 43.10; 42 a new low → fire; 41 lower still but met → quiet; 45 above 41 → re-arms;
    // 46 stays armed; 40 a new low → fire; 40.5 above 40 → re-arms; 39 below 40 → fires again.
    expect(fired).toEqual([false, true, false, false, false, true, false, true]);
  });

  it('the reason says the kind, the price and the threshold', () => {
    const sut = evaluateAlertKind({ armed: true, rule: lowest }, { price: 41.2, lows: lows(43.1) });
    expect(sut).toEqual({
      armed: false,
      fire: true,
      reason: {
        kind: 'lowest_in_days',
        price: 41.2,
        days: 90,
        previousLow: 43.1,
        previousLowAt: '2026-10-03',
      },
    });
    const p = evaluateAlertKind({ armed: true, rule: percent }, { price: 41.2 });
    expect(p.fire && p.reason).toEqual({
      kind: 'percent_drop',
      price: 41.2,
      percent: 20,
      basePrice: 52,
      threshold: 41.6,
    });
  });
});

describe(initialArmed.name, () => {
  it.each([
    ['target: price above target → armed', target, 100, true],
    ['target: price at target → met (no fire on creation)', target, 90, false],
    ['percent: base is the price → armed', percent, 52, true],
    ['lowest: always armed', lowest, 10, true],
    ['unknown price → armed', target, null, true],
  ])('%s', (_row, rule, price, expected) => expect(initialArmed(rule, price)).toBe(expected));
});

describe('alert kind parameters', () => {
  it.each([
    [1, true],
    [90, true],
    [0, false],
    [91, false],
    [12.5, false],
  ])('percent %s valid: %s', (p, ok) => expect(isPercentDrop(p)).toBe(ok));
  it.each([
    [30, true],
    [90, true],
    [365, true],
    [60, false],
    [0, false],
  ])('days %s valid: %s', (d, ok) => expect(isLowestInDays(d)).toBe(ok));
  it('percent threshold rounds to the cent', () => expect(percentDropThreshold(19.99, 15)).toBe(16.99));
});

describe(describeAlertReason.name, () => {
  const now = new Date('2026-11-01T00:00:00Z');
  it.each([
    [
      { kind: 'lowest_in_days', price: 41.2, days: 90, previousLow: 43.1, previousLowAt: '2026-10-03' },
      'lowest in 90 days: $41.20, previous low $43.10 on 3 Oct',
    ],
    [
      { kind: 'lowest_in_days', price: 41.2, days: 365, previousLow: 43.1, previousLowAt: '2025-12-24' },
      'lowest in 365 days: $41.20, previous low $43.10 on 24 Dec 2025',
    ],
    [
      { kind: 'percent_drop', price: 41.2, percent: 20, basePrice: 52, threshold: 41.6 },
      '20% below $52.00 (the price when you set this alert): $41.20',
    ],
    [{ kind: 'target', price: 89, targetPrice: 90 }, 'at or below your target of $90.00: $89.00'],
  ] as const)('%j', (reason, text) => expect(describeAlertReason(reason, 'USD', now)).toBe(text));

  it('names each kind', () => {
    expect(describeAlertRule(target, 'EUR')).toBe('Target price €90.00');
    expect(describeAlertRule(percent, 'USD')).toBe('20% below $52.00 (the price when you set this alert)');
    expect(describeAlertRule(lowest, 'USD')).toBe('Lowest price in 90 days');
  });
});

describe(evaluateBackInStock.name, () => {
  const back: AlertRule = { kind: 'back_in_stock' };
  it.each([
    // [row, armed before, available, fire, armed after]
    ['armed (seen unavailable), becomes available → fire', true, true, true, false],
    ['met (in stock), available again → no fire (no crossing)', false, true, false, false],
    ['met, goes unavailable → re-arms', false, false, false, true],
    ['armed, still unavailable → stays armed, no fire', true, false, false, true],
  ])('%s', (_row, armed, available, fire, armedAfter) => {
    const sut = evaluateBackInStock({ armed }, { available, price: 41.2 });
    expect(sut.fire).toBe(fire);
    expect(sut.armed).toBe(armedAfter);
  });

  it('once per crossing: available, gone, available fires twice; a repeated available does not', () => {
    let armed = initialBackInStockArmed(true);
    const fired: boolean[] = [];
    for (const available of [true, false, false, true, true, false, true]) {
      const result = evaluateBackInStock({ armed }, { available });
      armed = result.armed;
      fired.push(result.fire);
    }
    expect(fired).toEqual([false, false, false, true, false, false, true]);
  });

  it('the reason carries the price it is back at and since when it was gone', () => {
    const sut = evaluateBackInStock(
      { armed: true },
      { available: true, price: 41.2, unavailableSince: '2026-10-03T08:00:00.000Z' },
    );
    expect(sut).toEqual({
      armed: false,
      fire: true,
      reason: { kind: 'back_in_stock', price: 41.2, unavailableSince: '2026-10-03T08:00:00.000Z' },
    });
  });

  it('a price change never fires or moves a back-in-stock alert', () => {
    expect(evaluateAlertKind({ armed: true, rule: back }, { price: 1 })).toEqual({
      armed: true,
      fire: false,
    });
    expect(evaluateAlertKind({ armed: false, rule: back }, { price: 1 })).toEqual({
      armed: false,
      fire: false,
    });
  });

  it.each([
    ['set while unavailable → armed: the next "available" fires', false, true],
    ['set while available → met: waits for an out-of-stock period first', true, false],
    ['availability unknown (presumed on sale) → met', undefined, false],
  ])('%s', (_row, available, expected) => expect(initialBackInStockArmed(available)).toBe(expected));

  it('initialArmed of a back-in-stock alert knows no availability: met', () =>
    expect(initialArmed(back, 50)).toBe(false));

  it.each([
    [
      { kind: 'back_in_stock', price: 41.2, unavailableSince: '2026-10-03T08:00:00Z' },
      'back in stock at $41.20 (unavailable since 3 Oct)',
    ],
    [{ kind: 'back_in_stock', price: 41.2 }, 'back in stock at $41.20'],
    [{ kind: 'back_in_stock' }, 'back in stock'],
  ] as const)('describes %j', (reason, text) =>
    expect(describeAlertReason(reason, 'USD', new Date('2026-11-01T00:00:00Z'))).toBe(text),
  );

  it('names the kind', () => expect(describeAlertRule(back, 'USD')).toBe('Back in stock'));
});
