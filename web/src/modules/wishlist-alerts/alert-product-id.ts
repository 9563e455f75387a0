import type { AlertEntry } from '../alerts/api/alert-actions';
import { productPageId } from '../wishlist/api/server-wishlists';

/** A server alert names its listing (marketplace + listing id); the product page wants a catalog id. */
export const alertProductId = (a: AlertEntry) =>
  a.origin && a.marketplace ? productPageId(`${a.marketplace}:${a.productId}`) : a.productId;
