import {
  AlertProduct,
  PriceAlert,
  createPriceAlert,
  evaluatePriceAlert,
  findAlertForProduct,
  initialAlertArmed,
  removePriceAlert,
  upsertPriceAlert,
} from './alerts';

const NOW = '2026-04-01T10:00:00.000Z';
const product: AlertProduct = {
  productId: 'ebay_285112233445',
  title: 'Drone',
  image: 'https://x.com/a.jpg',
  price: 100,
  currency: 'USD',
  marketplace: 'ebay',
  sourceCurrency: 'USD',
};

describe(createPriceAlert.name, () => {
  it('§3 stores the normalised product id and every field', () => {
    expect(createPriceAlert(product, { id: 'a1', now: NOW })).toEqual({
      id: 'a1',
      productId: '285112233445',
      productTitle: 'Drone',
      productImage: 'https://x.com/a.jpg',
      targetPrice: 90,
      currentPrice: 100,
      currency: 'USD',
      sourceCurrency: 'USD',
      marketplace: 'ebay',
      isActive: true,
      browserNotifications: false,
      createdAt: NOW,
    });
  });

  it.each([
    ['§4 default target 90% of the current price', 50, undefined, 45],
    ['§4 unknown price → target 0', null, undefined, 0],
    ['§4 explicit target kept', 50, 40, 40],
  ])('%s', (_row, price, targetPrice, expected) => {
    const sut = createPriceAlert(
      { productId: 'p', title: 't', currency: 'USD', price },
      { id: 'a', now: NOW, targetPrice, browserNotifications: true },
    );
    expect(sut.targetPrice).toBe(expected);
    expect(sut.browserNotifications).toBe(true);
    expect(sut).not.toHaveProperty('productImage');
  });
});

describe(removePriceAlert.name, () => {
  it('§4 deletes the alert of the product, whatever id form names it, and keeps others', () => {
    const other = createPriceAlert({ ...product, productId: 'ali_1005' }, { id: 'o', now: NOW });
    const alert = createPriceAlert(product, { id: 'a1', now: NOW });
    expect(removePriceAlert([other, alert], 'v1|285112233445|0')).toEqual([other]);
  });
});

describe(upsertPriceAlert.name, () => {
  it('§4 replaces an earlier alert for the same normalised product, keeps others', () => {
    const other: PriceAlert = createPriceAlert({ ...product, productId: 'ali_1005' }, { id: 'o', now: NOW });
    const first = createPriceAlert(product, { id: 'a1', now: NOW });
    const second = createPriceAlert(
      { ...product, productId: '285112233445' },
      { id: 'a2', now: NOW, targetPrice: 70 },
    );
    const sut = upsertPriceAlert(upsertPriceAlert([other], first), second);
    expect(sut.map((a) => a.id)).toEqual(['o', 'a2']);
    expect(findAlertForProduct(sut, 'ebay_285112233445')?.targetPrice).toBe(70);
  });
});

describe(evaluatePriceAlert.name, () => {
  it.each([
    ['ARCH §6 armed and price falls to target → fire', true, 90, true, false],
    ['ARCH §6 armed and price falls below target → fire', true, 80, true, false],
    ['ARCH §6 disarmed stays quiet at or below target', false, 85, false, false],
    ['ARCH §6 re-arms above target', false, 95, false, true],
    ['ARCH §6 armed stays armed above target', true, 95, false, true],
    ['unknown price changes nothing', true, 0, false, true],
  ])('%s', (_row, armed, price, fire, armedAfter) => {
    expect(evaluatePriceAlert({ armed, targetPrice: 90 }, price)).toEqual({ fire, armed: armedAfter });
  });

  it.each([
    ['ARCH §6 price above target: armed', 100, 90, true],
    ['ARCH §6 price at target: not armed (no instant fire)', 90, 90, false],
    ['unknown price: armed', null, 0, true],
  ])('%s', (_row, price, target, expected) => expect(initialAlertArmed(price, target)).toBe(expected));
});
