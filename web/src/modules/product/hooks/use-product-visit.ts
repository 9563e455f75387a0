import type { Product } from '@pt/contracts';
import { findAlertForProduct } from '@pt/domain';
import { useEffect } from 'react';
import { rememberViewed } from '../../../lib/storage-keys';
import { readAlerts } from '../../alerts/utils/alerts-store';
import { notifyCrossing, observeLocalPrice } from '../../alerts/utils/local-alert-watch';
import { useAuth } from '../../auth/hooks/auth-context';
import { useRegion } from '../../region/hooks/region-context';

/** What a look at a loaded product leaves behind: a recently viewed entry and a local alert check. */
export function useProductVisit(loaded: Product | undefined): void {
  const { region } = useRegion();
  const { authenticated } = useAuth();
  useEffect(() => {
    if (!loaded) return;
    rememberViewed(loaded);
    // Signed-in alerts are watched by the alert-notifier, which emails them.
    if (authenticated) return;
    // A visit is one more look at a local alert's listing: a crossing notifies once, as the watcher's.
    const alert = findAlertForProduct(readAlerts(), loaded.id);
    const crossed = alert && observeLocalPrice(alert.id, loaded.price, loaded.currency);
    if (crossed) notifyCrossing(crossed, region.currency);
  }, [loaded, authenticated, region.currency]);
}
