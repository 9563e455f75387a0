import { QueryClient } from '@tanstack/react-query';
import type { CreateAlertRequest, UpdateAlertRequest } from '@pt/contracts';
import { addItem, initialWishlistState, STORAGE_KEYS, type PriceAlert } from '@pt/domain';
import { ApiError } from '../../lib/api';
import { memoryStore } from '../../lib/storage';
import type { AlertApi } from '../alerts/api/alert-actions';
import type { WishlistApi } from '../wishlist/api/server-wishlists';
import { importAlerts, importBody, importLocalData } from './import-local-data';

// The stores read window.localStorage: an in-memory one stands in for the browser's.
const storage = memoryStore();
(globalThis as unknown as { window: unknown }).window = { localStorage: storage };

const alert = (id: string, productId: string, isActive = true): PriceAlert => ({
  id,
  productId,
  productTitle: productId,
  targetPrice: 9,
  currentPrice: 10,
  currency: 'USD',
  marketplace: 'ebay',
  isActive,
  browserNotifications: false,
  createdAt: '2026-01-01T00:00:00.000Z',
});

/** The alert-notifier as the import sees it: per product id, an answer or a failure. */
function alertApi(failures: Record<string, unknown> = {}) {
  const created: CreateAlertRequest[] = [];
  const updated: Array<[string, UpdateAlertRequest]> = [];
  const api = {
    create: (body: CreateAlertRequest) => {
      const failure = failures[body.productId];
      if (failure) return Promise.reject(failure);
      created.push(body);
      return Promise.resolve({ alert: { id: `srv-${body.productId}` }, replaced: false });
    },
    update: (id: string, body: UpdateAlertRequest) => {
      updated.push([id, body]);
      return Promise.resolve({ alert: { id } });
    },
  } as unknown as AlertApi;
  return { api, created, updated };
}

function twoItems() {
  let state = initialWishlistState(0);
  for (const id of ['sample-ebay-1', 'sample-ebay-2']) {
    const outcome = addItem(state, { productId: id, title: id, price: 10 }, 0, `item-${id}`);
    state = outcome.state;
  }
  return state;
}

describe('sign-in import of the anonymous data', () => {
  beforeEach(() => storage.data.clear());

  it('sends the lists with the item fields the service reads (§3 consolidated_wishlist_data)', () => {
    const body = importBody(twoItems());
    expect(body.activeWishlistId).toBe('default');
    expect(body.wishlists).toHaveLength(1);
    expect(body.wishlists[0]?.items).toEqual([
      expect.objectContaining({ productId: 'sample-ebay-1', title: 'sample-ebay-1', price: 10, position: 0 }),
      expect.objectContaining({ productId: 'sample-ebay-2', position: 1 }),
    ]);
    expect(body.wishlists[0]?.items[0]).not.toHaveProperty('priceHistory');
  });

  it('imports once: the local copy is cleared, so a second sign-in sends nothing', async () => {
    storage.setItem(STORAGE_KEYS.wishlists, JSON.stringify(twoItems()));
    storage.setItem(STORAGE_KEYS.priceAlerts, JSON.stringify([alert('a1', 'sample-ebay-1')]));
    const imports: unknown[] = [];
    const wishlists = {
      importLocal: (body: unknown) => {
        imports.push(body);
        return Promise.resolve({
          message: 'Wishlists imported',
          imported: { wishlists: 0, items: 2, skipped: 0 },
        });
      },
    } as unknown as WishlistApi;
    const alerts = alertApi();
    const queryClient = new QueryClient();
    await importLocalData('u1', queryClient, { wishlists, alerts: alerts.api });
    expect(imports).toHaveLength(1);
    expect(alerts.created).toHaveLength(1);
    expect(storage.getItem(STORAGE_KEYS.wishlists)).toBeNull();
    expect(storage.getItem(STORAGE_KEYS.priceAlerts)).toBeNull();

    await importLocalData('u1', queryClient, { wishlists, alerts: alerts.api });
    expect(imports).toHaveLength(1);
    expect(alerts.created).toHaveLength(1);
  });

  it('keeps the local lists when the import fails, to try again at the next sign-in', async () => {
    storage.setItem(STORAGE_KEYS.wishlists, JSON.stringify(twoItems()));
    const wishlists = {
      importLocal: () => Promise.reject(new ApiError(503, 'unavailable', 'down')),
    } as unknown as WishlistApi;
    await importLocalData('u2', new QueryClient(), { wishlists, alerts: alertApi().api });
    expect(JSON.parse(storage.getItem(STORAGE_KEYS.wishlists) ?? '{}')).toEqual(twoItems());
  });

  it('an untouched default list is not imported', async () => {
    storage.setItem(STORAGE_KEYS.wishlists, JSON.stringify(initialWishlistState(0)));
    const imports: unknown[] = [];
    const wishlists = {
      importLocal: (body: unknown) => void imports.push(body),
    } as unknown as WishlistApi;
    await importLocalData('u3', new QueryClient(), { wishlists, alerts: alertApi().api });
    expect(imports).toEqual([]);
  });

  it('alerts: paused ones stay paused; only failures that may pass later stay local', async () => {
    const { api, created, updated } = alertApi({
      'sample-unknown': new ApiError(400, 'unknown_product', 'Unknown product'),
      'sample-later': new ApiError(503, 'catalog_unavailable', 'try again'),
    });
    const result = await importAlerts(
      [
        alert('a1', 'sample-ebay-1'),
        alert('a2', 'sample-ebay-2', false),
        alert('a3', 'sample-unknown'),
        alert('a4', 'sample-later'),
      ],
      api,
    );
    expect(created.map((c) => [c.productId, c.targetPrice, c.marketplace])).toEqual([
      ['sample-ebay-1', 9, 'ebay'],
      ['sample-ebay-2', 9, 'ebay'],
    ]);
    expect(updated).toEqual([['srv-sample-ebay-2', { isActive: false }]]);
    expect(result).toEqual({ imported: 2, refused: 1, keep: new Set(['a4']) });
  });

  it('alerts: the kind and its parameter travel with a local alert into the account; older ones are target alerts', async () => {
    const { api, created } = alertApi();
    await importAlerts(
      [
        { ...alert('p', 'ebay_1'), kind: 'percent_drop', percent: 20, basePrice: 10 },
        { ...alert('l', 'ebay_2'), kind: 'lowest_in_days', days: 365 },
        alert('t', 'ebay_3'),
      ],
      api,
    );
    expect(
      created.map(({ productId, kind, percent, days, targetPrice }) => ({
        productId,
        kind,
        percent,
        days,
        targetPrice,
      })),
    ).toEqual([
      { productId: 'ebay_1', kind: 'percent_drop', percent: 20, days: undefined, targetPrice: undefined },
      { productId: 'ebay_2', kind: 'lowest_in_days', percent: undefined, days: 365, targetPrice: undefined },
      { productId: 'ebay_3', kind: undefined, percent: undefined, days: undefined, targetPrice: 9 },
    ]);
  });
});
