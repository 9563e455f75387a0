import type { QueryClient } from '@tanstack/react-query';
import type { AlertView, CreateAlertRequest, UpdateAlertRequest } from '@pt/contracts';
import {
  findAlertForProduct,
  isMarketplaceId,
  listingKeyOfProduct,
  type AlertBasis,
  type AlertScope,
  type LowestInDays,
  type PriceAlert,
} from '@pt/domain';
import { failed, succeeded, type ActionResult } from '../../../lib/action-result';
import { ApiError, apiFetch, apiRead } from '../../../lib/api';
import { failureWithAdvice, isTemporaryApiFailure } from '../../../lib/api-error-message';
import { alertKeys } from '../../../lib/query-keys';
import { alertMet, deleteAlert, setAlert, updateAlert, type LocalAlert } from '../utils/alerts-store';

/**
 * One price-alert interface (§3, §4): anonymous alerts in this browser (`price_alerts`), a
 * signed-in user's on the alert-notifier, which also emails them. `met` is the notifier's state
 * for server alerts, and the last seen price against the target for local ones.
 */
export interface AlertEntry
  extends
    PriceAlert,
    Partial<
      Pick<
        AlertView,
        | 'kind'
        | 'percent'
        | 'days'
        | 'basePrice'
        | 'lastFired'
        | 'basis'
        | 'unavailableSince'
        | 'scope'
        | 'members'
        | 'cheapest'
      >
    > {
  met: boolean;
  /** Server alerts: made here ('standalone') or by a wishlist item's toggle ('wishlist'). */
  origin?: AlertView['source'];
}

/**
 * Alert kinds besides a target price: a signed-in user's alert (the notifier evaluates it) or
 * this browser's (the local watcher evaluates it by the same domain rule).
 */
export type AlertKindChoice =
  | { kind: 'percent_drop'; percent: number }
  | { kind: 'lowest_in_days'; days: LowestInDays }
  | { kind: 'back_in_stock' };

export type AlertChange = Pick<
  UpdateAlertRequest,
  'targetPrice' | 'isActive' | 'kind' | 'percent' | 'days' | 'basis'
>;

export interface AlertProductInput {
  id: string;
  title: string;
  price: number;
  currency: string;
  image?: string | undefined;
  marketplace?: string | undefined;
  source?: string | undefined;
  url?: string | undefined;
}

export interface AlertActions {
  /**
   * `kind`: another kind than a target; the target is then not used.
   * `basis`: item price (the default) or price with shipping (server alerts only).
   * `scope`: this listing (the default) or any marketplace (server target alerts only).
   */
  set(
    product: AlertProductInput,
    targetPrice: number,
    kind?: AlertKindChoice,
    basis?: AlertBasis,
    scope?: AlertScope,
  ): Promise<ActionResult>;
  update(alert: AlertEntry, change: AlertChange): Promise<ActionResult>;
  remove(alert: AlertEntry): Promise<ActionResult>;
}

export const ALERT_MESSAGES = {
  set: 'Price alert set',
  setMet: 'Price alert set: the price is already at or below your target',
  updated: 'Price alert updated',
  paused: 'Price alert paused',
  resumed: 'Price alert resumed',
  removed: 'Price alert removed',
  failed: 'Failed to save the price alert',
  failedToLoad: 'Failed to load price alerts',
} as const;

/**
 * What a create says: "already met" means the price is at or below the alert's line. A back-in-stock
 * alert is met while the listing is on sale, which is no news: it just waits for it to go.
 */
export const createdMessage = (alert: Pick<AlertView, 'state' | 'kind'>): string =>
  alert.state === 'met' && alert.kind !== 'back_in_stock' ? ALERT_MESSAGES.setMet : ALERT_MESSAGES.set;

const body = (value: unknown): RequestInit => ({ body: JSON.stringify(value) });

export function alertApi() {
  return {
    list: () => apiRead('GET /api/v1/alerts', '/api/v1/alerts'),
    create: (request: CreateAlertRequest) => apiRead('POST /api/v1/alerts', '/api/v1/alerts', body(request)),
    update: (id: string, request: UpdateAlertRequest) =>
      apiRead('PATCH /api/v1/alerts/{id}', `/api/v1/alerts/${encodeURIComponent(id)}`, body(request)),
    remove: async (id: string) =>
      void (await apiFetch(`/api/v1/alerts/${encodeURIComponent(id)}`, { method: 'DELETE' })),
  };
}
export type AlertApi = ReturnType<typeof alertApi>;

export const fromServer = (a: AlertView): AlertEntry => ({ ...a, met: a.state === 'met', origin: a.source });
export const fromLocal = (a: LocalAlert): AlertEntry => ({ ...a, met: alertMet(a) });

export function findServerAlert(
  alerts: readonly AlertEntry[],
  product: AlertProductInput,
): AlertEntry | undefined {
  // The listing each names (ARCHITECTURE §6), so any id form finds its alert.
  const key = listingKeyOfProduct({ ...product, productId: product.id });
  return alerts.find((a) => listingKeyOfProduct(a) === key);
}

export function findLocalAlert(
  alerts: readonly AlertEntry[],
  product: AlertProductInput,
): AlertEntry | undefined {
  const found = findAlertForProduct(alerts, product.id);
  return found ? alerts.find((a) => a.id === found.id) : undefined;
}

/** The create body: the listing's marketplace when known, an image only when it is http(s) (§5). */
export function createAlertBody(
  product: AlertProductInput,
  targetPrice: number,
  kind?: AlertKindChoice,
  basis?: AlertBasis,
  scope?: AlertScope,
): CreateAlertRequest {
  return {
    productId: product.id,
    ...(kind ?? { targetPrice }),
    ...(basis ? { basis } : {}),
    ...(scope && { scope }),
    ...(isMarketplaceId(product.marketplace) ? { marketplace: product.marketplace } : {}),
    ...(product.title.trim() ? { productTitle: product.title.trim().slice(0, 500) } : {}),
    ...(product.image && /^https?:\/\//i.test(product.image) ? { productImage: product.image } : {}),
    currency: product.currency,
  };
}

/**
 * A refusal in the server's words (its messages are written for people), else a generic failure;
 * a temporary one (no answer, 429, 502–504) says when to try again.
 */
export function alertFailure(error: unknown): string {
  if (isTemporaryApiFailure(error)) return failureWithAdvice(ALERT_MESSAGES.failed, error);
  return error instanceof ApiError && error.status < 500 && error.code !== 'validation_failed'
    ? error.message
    : ALERT_MESSAGES.failed;
}

export const localAlertActions: AlertActions = {
  set: (p, targetPrice, kind) => {
    setAlert(
      {
        productId: p.id,
        title: p.title,
        price: p.price,
        currency: p.currency,
        ...(p.image ? { image: p.image } : {}),
        ...(p.marketplace ? { marketplace: p.marketplace } : {}),
      },
      targetPrice,
      kind,
    );
    return Promise.resolve(succeeded(ALERT_MESSAGES.set));
  },
  update: (alert, { targetPrice, isActive, kind, percent, days }) => {
    const change = {
      ...(targetPrice !== undefined ? { targetPrice } : {}),
      ...(isActive !== undefined ? { isActive } : {}),
      ...(kind !== undefined ? { kind } : {}),
      ...(percent !== undefined ? { percent } : {}),
      ...(days !== undefined ? { days } : {}),
    };
    updateAlert(alert.id, change);
    return Promise.resolve(succeeded(changeMessage(change)));
  },
  remove: (alert) => {
    deleteAlert(alert.productId);
    return Promise.resolve(succeeded(ALERT_MESSAGES.removed));
  },
};

/** A change of the rule (target, kind or its parameter) is an update; else a pause or a resume. */
const changeMessage = ({ isActive, ...rule }: AlertChange) =>
  isActive === undefined || Object.values(rule).some((v) => v !== undefined)
    ? ALERT_MESSAGES.updated
    : isActive
      ? ALERT_MESSAGES.resumed
      : ALERT_MESSAGES.paused;

/** A signed-in user's alerts: every write, then the list reloaded. */
export function serverAlertActions(
  userId: string,
  queryClient: QueryClient,
  api: AlertApi = alertApi(),
): AlertActions {
  const key = alertKeys.of(userId);
  async function run(call: () => Promise<string>): Promise<ActionResult> {
    try {
      const message = await call();
      await queryClient.invalidateQueries({ queryKey: key });
      return succeeded(message);
    } catch (error) {
      void queryClient.invalidateQueries({ queryKey: key });
      return failed(alertFailure(error));
    }
  }
  return {
    set: (product, targetPrice, kind, basis, scope) =>
      run(async () => {
        const { alert } = await api.create(createAlertBody(product, targetPrice, kind, basis, scope));
        return createdMessage(alert);
      }),
    update: (alert, change) =>
      run(async () => {
        await api.update(alert.id, change);
        return changeMessage(change);
      }),
    remove: (alert) =>
      run(async () => {
        await api.remove(alert.id);
        return ALERT_MESSAGES.removed;
      }),
  };
}
