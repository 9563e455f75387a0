import type { WishlistItem } from '@pt/domain';
import { defaultAlertTarget } from '@pt/domain';
import { Switch } from '../../ui/switch';
import { reportResult } from '../../ui/report-result';
import type { AlertProductInput } from '../alerts/api/alert-actions';
import { canWatchPrice, useTargetText } from '../alerts/utils/alert-target';
import { useAlertsStore } from '../alerts/hooks/use-alerts-store';
import { itemCurrency, productPageId } from '../wishlist/api/server-wishlists';
import type { WishlistActions } from '../wishlist/api/wishlist-actions';

const report = (pending: Promise<Parameters<typeof reportResult>[0]>) => void pending.then(reportResult);

/** The product a wishlist item names, as the alerts store finds and creates alerts for it. */
export function itemAlertProduct(item: WishlistItem): AlertProductInput {
  // Server items name their listing "marketplace:listingId".
  const named = /^(ebay|aliexpress|amazon|walmart):/.exec(item.productId)?.[1];
  return {
    id: productPageId(item.productId),
    title: item.title,
    price: item.price,
    currency: itemCurrency(item),
    image: item.image,
    marketplace: named ?? ('marketplace' in item ? String(item.marketplace) : undefined),
    source: item.source,
    url: item.url,
  };
}

/**
 * A wishlist item's "Price alert" switch. It joins the two features, so it lives in neither: the
 * wishlist page hands it to each row, and alerts and wishlist never import each other.
 *
 * The switch is the item's view of the one alert its listing may have
 * (§4): on whenever that alert exists, however it was made, so turning it on never replaces an
 * existing alert's target with the 90% default. On with no alert: anonymous shoppers get a local
 * alert at 90% (watched and listed on the Alerts page like any other); signed in, the item's alert
 * flag asks the wishlist service, whose event makes the notifier's alert at 90%.
 */
export function ItemAlertSwitch({
  item,
  listId,
  actions,
}: {
  item: WishlistItem;
  listId: string;
  actions: WishlistActions;
}) {
  const alerts = useAlertsStore();
  const targetOf = useTargetText();
  const product = itemAlertProduct(item);
  if (!canWatchPrice(product)) return null;
  const existing = alerts.findFor(product);
  const on = existing !== undefined || item.priceDropAlert;
  const label = existing
    ? `Alert at ${targetOf(existing)}`
    : item.priceDropAlert && item.targetPrice !== undefined
      ? `Alert at ${targetOf({ targetPrice: item.targetPrice, currency: product.currency })}`
      : 'Price alert';
  const change = (next: boolean) => {
    if (next) {
      if (existing) return;
      if (alerts.mode === 'local') report(alerts.set(product, defaultAlertTarget(item.price)));
      else report(actions.toggleAlert(item, listId));
      return;
    }
    // The item's own flag goes off through its list (the notifier then drops the wishlist alert);
    // an alert made elsewhere for the listing is removed directly.
    if (item.priceDropAlert) report(actions.toggleAlert(item, listId));
    if (existing && (alerts.mode === 'local' || existing.origin !== 'wishlist' || !item.priceDropAlert))
      report(alerts.remove(existing));
  };
  return <Switch label={label} checked={on} disabled={alerts.status !== 'ready'} onCheckedChange={change} />;
}
