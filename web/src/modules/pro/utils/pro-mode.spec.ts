import { memoryStore } from '../../../lib/storage';
import { applyProAction, PRO_TRANSITION_MS, productIdFromPath, readProMode } from './pro-mode';

describe('Pro Mode (§2, §4)', () => {
  it.each([
    [
      'entering for a product',
      false,
      { type: 'enter', productId: 'ebay|123|0' },
      true,
      '/pro/product/ebay%7C123%7C0',
    ],
    [
      'leaving for a product',
      true,
      { type: 'leave', productId: 'sample-ebay-1' },
      false,
      '/product/sample-ebay-1',
    ],
    ['leaving without a product', true, { type: 'leave' }, false, '/'],
    ['enabling through the plain toggle', false, { type: 'toggle', redirect: true }, true, '/pro/search'],
    ['a toggle without redirect (on)', false, { type: 'toggle', redirect: false }, true, null],
    ['a toggle without redirect (off)', true, { type: 'toggle', redirect: false }, false, null],
  ] as const)('%s', (_name, isPro, action, expectedPro, navigateTo) => {
    const store = memoryStore();
    expect(applyProAction(isPro, action, store)).toEqual({ isPro: expectedPro, navigateTo });
    // Persisted locally.
    expect(readProMode(store)).toBe(expectedPro);
  });

  it('keeps the transition flag for 300 ms', () => {
    expect(PRO_TRANSITION_MS).toBe(300);
  });

  it('reads the product id of normal and Pro product routes', () => {
    expect(productIdFromPath('/product/sample-ebay-1')).toBe('sample-ebay-1');
    expect(productIdFromPath('/pro/product/ebay%7C1%7C2')).toBe('ebay|1|2');
    expect(productIdFromPath('/pro/search')).toBeUndefined();
    expect(productIdFromPath('/product/')).toBeUndefined();
  });
});
