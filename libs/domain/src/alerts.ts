import { normalizeProductId } from './product-ids';
import { defaultAlertTarget } from './savings';
import { Instant, toIsoString } from './time';

/** §3: a price alert as stored locally (anonymous) or by the alert-notifier. */
export interface PriceAlert {
  id: string;
  /** Always normalised (§3), so "ebay_123" and "v1|123|0" share one alert. */
  productId: string;
  productTitle: string;
  productImage?: string;
  targetPrice: number;
  currentPrice: number;
  currency: string;
  sourceCurrency?: string;
  marketplace?: string;
  isActive: boolean;
  browserNotifications: boolean;
  createdAt: string;
}

export interface AlertProduct {
  productId: string;
  title: string;
  image?: string;
  price?: number | null;
  currency: string;
  sourceCurrency?: string;
  marketplace?: string;
}

export interface NewAlertOptions {
  id: string;
  now: Instant;
  /** Defaults to 90% of the current price (§4). */
  targetPrice?: number;
  browserNotifications?: boolean;
}

export function createPriceAlert(product: AlertProduct, options: NewAlertOptions): PriceAlert {
  const currentPrice =
    typeof product.price === 'number' && Number.isFinite(product.price) ? product.price : 0;
  const alert: PriceAlert = {
    id: options.id,
    productId: normalizeProductId(product.productId),
    productTitle: product.title,
    targetPrice: options.targetPrice ?? defaultAlertTarget(product.price),
    currentPrice,
    currency: product.currency,
    isActive: true,
    browserNotifications: options.browserNotifications ?? false,
    createdAt: toIsoString(options.now),
  };
  if (product.image !== undefined) alert.productImage = product.image;
  if (product.sourceCurrency !== undefined) alert.sourceCurrency = product.sourceCurrency;
  if (product.marketplace !== undefined) alert.marketplace = product.marketplace;
  return alert;
}

export function findAlertForProduct(
  alerts: readonly PriceAlert[],
  productId: string,
): PriceAlert | undefined {
  const key = normalizeProductId(productId);
  return alerts.find((a) => normalizeProductId(a.productId) === key);
}

/** §4: creating an alert replaces any earlier alert for the same normalised product. */
export function upsertPriceAlert(alerts: readonly PriceAlert[], alert: PriceAlert): PriceAlert[] {
  const key = normalizeProductId(alert.productId);
  return [...alerts.filter((a) => normalizeProductId(a.productId) !== key), alert];
}

export function removePriceAlert(alerts: readonly PriceAlert[], productId: string): PriceAlert[] {
  const key = normalizeProductId(productId);
  return alerts.filter((a) => normalizeProductId(a.productId) !== key);
}

// ---------------------------------------------------------------------------------------------
// Firing (ARCHITECTURE §6)

/**
 * An alert fires when the price crosses to at or below its target and re-arms when the price
 * rises above the target again; `armed` is the alert's remembered side of the target.
 */
export function evaluatePriceAlert(
  state: { armed: boolean; targetPrice: number },
  newPrice: number,
): { armed: boolean; fire: boolean } {
  if (!(newPrice > 0)) return { armed: state.armed, fire: false };
  if (newPrice <= state.targetPrice) return { armed: false, fire: state.armed };
  return { armed: true, fire: false };
}

/** A new alert is armed when the current price is above its target (else it would fire at once on creation). */
export function initialAlertArmed(currentPrice: number | null | undefined, targetPrice: number): boolean {
  return typeof currentPrice !== 'number' || !(currentPrice > 0) || currentPrice > targetPrice;
}
