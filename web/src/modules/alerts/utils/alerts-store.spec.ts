import { STORAGE_KEYS } from '@pt/domain';
import { memoryStore } from '../../../lib/storage';
import {
  alertMet,
  kindChoiceOf,
  readStoredAlerts,
  setAlert,
  updateAlert,
  type LocalAlert,
} from './alerts-store';

// The store reads window.localStorage: an in-memory one stands in for the browser's.
const storage = memoryStore();
(globalThis as unknown as { window: unknown }).window = { localStorage: storage };

/** A §3 local alert as the app stored it before alert kinds: no kind, no parameter. */
const before: Omit<LocalAlert, 'kind'> = {
  id: 'alert_old',
  productId: '285112233445',
  productTitle: 'Drone',
  productImage: 'https://img.example/drone.jpg',
  targetPrice: 72,
  currentPrice: 80,
  currency: 'USD',
  sourceCurrency: 'USD',
  marketplace: 'ebay',
  isActive: false,
  browserNotifications: true,
  createdAt: '2026-10-01T10:00:00.000Z',
  armed: true,
  checkedAt: '2026-10-02T10:00:00.000Z',
  pageId: 'v1|285112233445|0',
};

const product = { productId: 'ebay_1', title: 'Lamp', price: 80, currency: 'USD', marketplace: 'ebay' };

beforeEach(() => storage.removeItem(STORAGE_KEYS.priceAlerts));

describe('local alert store: kinds (§3 price_alerts)', () => {
  it('§3 an alert stored before kinds reads as a target alert with every field it had', () => {
    storage.setItem(STORAGE_KEYS.priceAlerts, JSON.stringify([before]));
    expect(readStoredAlerts()).toEqual([{ ...before, kind: 'target' }]);
  });

  it('an entry whose kind lacks a valid parameter (hand-edited) is the target alert underneath', () => {
    storage.setItem(
      STORAGE_KEYS.priceAlerts,
      JSON.stringify([
        { ...before, kind: 'percent_drop', percent: 95, basePrice: 80 },
        { ...before, id: 'b', kind: 'lowest_in_days', days: 7 },
        { ...before, id: 'c', kind: 'lowest_in_days', days: 90 },
      ]),
    );
    expect(readStoredAlerts().map((a) => a.kind)).toEqual(['target', 'target', 'lowest_in_days']);
  });

  it('a percent drop is measured from the price when set: its target is the threshold, and it starts armed', () => {
    const a = setAlert(product, undefined, { kind: 'percent_drop', percent: 20 });
    expect(a).toMatchObject({
      kind: 'percent_drop',
      percent: 20,
      basePrice: 80,
      targetPrice: 64,
      armed: true,
    });
    expect(readStoredAlerts()).toEqual([a]);
    expect(kindChoiceOf(a)).toEqual({ kind: 'percent_drop', percent: 20 });
  });

  it('changing the percentage keeps the base; a new price since does not move it', () => {
    const a = setAlert(product, undefined, { kind: 'percent_drop', percent: 20 });
    updateAlert(a.id, { currentPrice: 70 });
    updateAlert(a.id, { percent: 10 });
    expect(readStoredAlerts()[0]).toMatchObject({
      percent: 10,
      basePrice: 80,
      targetPrice: 72,
      armed: false,
    });
  });

  it('a lowest-in-N alert starts armed; switching it to a target drops its period and re-decides the side', () => {
    const a = setAlert(product, undefined, { kind: 'lowest_in_days', days: 90 });
    expect(a).toMatchObject({ kind: 'lowest_in_days', days: 90, armed: true });
    expect(kindChoiceOf(a)).toEqual({ kind: 'lowest_in_days', days: 90 });
    updateAlert(a.id, { kind: 'target', targetPrice: 90 });
    const [target] = readStoredAlerts();
    expect(target).toMatchObject({ kind: 'target', targetPrice: 90, armed: false });
    expect(target).not.toHaveProperty('days');
    expect(kindChoiceOf(target!)).toBeUndefined();
  });

  it('a target alert set as before keeps 90% of the price (§4) and its kind is spelled out', () => {
    expect(setAlert(product)).toMatchObject({ kind: 'target', targetPrice: 72, armed: true });
  });

  it('keeps the catalog id it was set from, which the normalised id loses (an eBay variation)', () => {
    const a = setAlert({ ...product, productId: 'v1|285112233445|712420994229' });
    expect(a).toMatchObject({ productId: '285112233445', pageId: 'v1|285112233445|712420994229' });
  });

  it('met: a lowest-in-N alert from its crossing until it re-arms; others at or below the target', () => {
    expect(alertMet({ kind: 'lowest_in_days', armed: false, currentPrice: 90, targetPrice: 0 })).toBe(true);
    expect(alertMet({ kind: 'lowest_in_days', armed: true, currentPrice: 1, targetPrice: 72 })).toBe(false);
    expect(alertMet({ kind: 'percent_drop', currentPrice: 64, targetPrice: 64 })).toBe(true);
    expect(alertMet({ currentPrice: 73, targetPrice: 72 })).toBe(false);
  });
});
