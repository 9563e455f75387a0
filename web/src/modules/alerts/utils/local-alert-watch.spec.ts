import { STORAGE_KEYS } from '@pt/domain';
import { memoryStore } from '../../../lib/storage';
import { readStoredAlerts, setAlert } from './alerts-store';
import { lowOverDays, observeLocalPrice } from './local-alert-watch';

// The store reads window.localStorage: an in-memory one stands in for the browser's.
const storage = memoryStore();
(globalThis as unknown as { window: unknown }).window = { localStorage: storage };

const product = { productId: 'ebay_1', title: 'Lamp', price: 80, currency: 'USD', marketplace: 'ebay' };
const NOW = new Date('2026-11-27T12:00:00.000Z');

beforeEach(() => storage.removeItem(STORAGE_KEYS.priceAlerts));

describe('local alert watch: every kind by the notifier rule (ARCHITECTURE §6)', () => {
  it('ARCH §6 percent drop: fires once when the price crosses P% below the base, says why, re-arms above', () => {
    const { id } = setAlert(product, undefined, { kind: 'percent_drop', percent: 20 });
    expect(observeLocalPrice(id, 70, 'USD', NOW)).toBeUndefined();
    const crossing = observeLocalPrice(id, 60, 'USD', NOW);
    expect(crossing?.reason).toEqual({
      kind: 'percent_drop',
      price: 60,
      percent: 20,
      basePrice: 80,
      threshold: 64,
    });
    const reason = '20% below $80.00 (the price when you set this alert): $60.00';
    expect(readStoredAlerts()[0]).toMatchObject({
      armed: false,
      currentPrice: 60,
      lastFired: { at: NOW.toISOString(), reason },
    });
    // The same crossing seen again (this tab or another) tells nothing new.
    expect(observeLocalPrice(id, 60, 'USD', NOW)).toBeUndefined();
    expect(observeLocalPrice(id, 55, 'USD', NOW)).toBeUndefined();
    expect(observeLocalPrice(id, 65, 'USD', NOW)).toBeUndefined();
    expect(observeLocalPrice(id, 64, 'USD', NOW)?.reason.kind).toBe('percent_drop');
  });

  it('a price in another currency is compared in the alert’s', () => {
    const { id } = setAlert(product, undefined, { kind: 'percent_drop', percent: 20 });
    // €50 is about $54 at the built-in rates: at least 20% below $80.
    expect(observeLocalPrice(id, 50, 'EUR', NOW)?.alert.currentPrice).toBeLessThan(64);
  });

  it('ARCH §6 lowest in N days: fires at or below the window’s low, not without history, and not again while the price stays', () => {
    const { id } = setAlert(product, undefined, { kind: 'lowest_in_days', days: 30 });
    const low = { days: 30, price: 75, at: '2026-11-20' };
    // No history yet: undecided, so still armed, and the price is judged again once history comes.
    expect(observeLocalPrice(id, 74, 'USD', NOW)).toBeUndefined();
    expect(readStoredAlerts()[0]).toMatchObject({ armed: true, currentPrice: 80 });
    const crossing = observeLocalPrice(id, 74, 'USD', NOW, [low]);
    expect(crossing?.reason).toEqual({
      kind: 'lowest_in_days',
      price: 74,
      days: 30,
      previousLow: 75,
      previousLowAt: '2026-11-20',
    });
    expect(readStoredAlerts()[0]?.lastFired?.reason).toBe(
      'lowest in 30 days: $74.00, previous low $75.00 on 20 Nov',
    );
    // The same price read again, now the window's low itself, is not a new low.
    expect(observeLocalPrice(id, 74, 'USD', NOW, [{ ...low, price: 74 }])).toBeUndefined();
    // Up above the low re-arms; down to it again fires again.
    expect(observeLocalPrice(id, 79, 'USD', NOW, [{ ...low, price: 74 }])).toBeUndefined();
    expect(observeLocalPrice(id, 73, 'USD', NOW, [{ ...low, price: 74 }])?.reason.kind).toBe(
      'lowest_in_days',
    );
  });

  it('a paused alert records the price and notifies nothing', () => {
    const { id } = setAlert(product, undefined, { kind: 'percent_drop', percent: 20 });
    const stored = readStoredAlerts().map((a) => ({ ...a, isActive: false }));
    storage.setItem(STORAGE_KEYS.priceAlerts, JSON.stringify(stored));
    expect(observeLocalPrice(id, 10, 'USD', NOW)).toBeUndefined();
    expect(readStoredAlerts()[0]).toMatchObject({ currentPrice: 10, armed: true });
  });
});

describe(lowOverDays.name, () => {
  const at = (date: string, price: number) => ({ date, price });
  it('the N-1 earlier UTC days and the observation’s own day up to it, as pricing gives the notifier', () => {
    const points = [
      at('2026-10-28T23:59:00.000Z', 10), // 30 days back from the 27th starts on the 29th: outside
      at('2026-10-29T00:00:00.000Z', 50),
      at('2026-11-10T08:00:00.000Z', 40),
      at('2026-11-27T11:00:00.000Z', 45),
      at('2026-11-27T12:00:00.000Z', 1), // the observation's own time: not before it
    ];
    expect(lowOverDays(points, 30, NOW)).toEqual({ days: 30, price: 40, at: '2026-11-10' });
    expect(lowOverDays(points, 1, NOW)).toEqual({ days: 1, price: 45, at: '2026-11-27' });
  });

  it('equal lows: the latest day; no price in the window: none', () => {
    expect(
      lowOverDays([at('2026-11-10T00:00:00.000Z', 40), at('2026-11-20T00:00:00.000Z', 40)], 30, NOW),
    ).toEqual({ days: 30, price: 40, at: '2026-11-20' });
    expect(lowOverDays([at('2026-01-01T00:00:00.000Z', 40)], 30, NOW)).toBeUndefined();
  });
});
