import { Link } from 'react-router-dom';
import { ALERT_MESSAGES } from '../modules/alerts/api/alert-actions';
import { AlertRow } from '../modules/alerts/components/alert-row';
import { useAlertsStore } from '../modules/alerts/hooks/use-alerts-store';
import { PrivateFeedSection } from '../modules/alerts/components/private-feed-section';
import { useAuth } from '../modules/auth/hooks/auth-context';
import { useAuthDialog } from '../modules/auth/hooks/auth-dialog-context';
import { EmptyState, ErrorState, ResultsSkeleton } from '../modules/products/components/product-results';
import { alertProductId } from '../modules/wishlist-alerts/alert-product-id';
import { Page } from '../ui/page';
import { TooltipGroup } from '../ui/tooltip';
import '../modules/products/shopping.css';

/**
 * Price alerts: edit the target, pause, delete. Anonymous alerts are kept in this browser (§3
 * `price_alerts`) and watched by it while the app is open (modules/alerts/utils/local-alert-watch), which
 * notifies once per crossing. A signed-in user's alerts live on the alert-notifier, which emails them
 * and lists them in the user's private feed.
 */
export default function AlertsPage() {
  const store = useAlertsStore();
  const { alerts } = store;
  const local = store.mode === 'local';
  const { openAuthDialog } = useAuthDialog();
  const { user } = useAuth();
  return (
    <Page title="Price alerts">
      <p className="muted">
        {local
          ? 'Alerts saved in this browser, checked while a page of this app is open here. Email alerts need an account.'
          : 'Alerts saved in your account: we email you when a price reaches your target.'}{' '}
        {local && store.status === 'ready' && (
          <button type="button" className="btn btn-sm" onClick={() => openAuthDialog({ mode: 'login' })}>
            Sign in for email alerts
          </button>
        )}{' '}
        <Link to="/wishlist">Back to wishlists</Link>
      </p>
      {local && typeof Notification !== 'undefined' && Notification.permission === 'default' && (
        <button type="button" className="btn" onClick={() => void Notification.requestPermission()}>
          Enable browser notifications
        </button>
      )}
      {store.status === 'loading' ? (
        <ResultsSkeleton count={2} />
      ) : store.status === 'error' ? (
        <ErrorState message={store.error ?? ALERT_MESSAGES.failedToLoad} onRetry={store.retry} />
      ) : alerts.length === 0 ? (
        <EmptyState title="No price alerts yet">
          <p>Open a product and set a target price to be told when it drops.</p>
        </EmptyState>
      ) : (
        <ul className="wishlist-items" aria-label="Price alerts">
          <TooltipGroup>
            {alerts.map((a) => (
              <AlertRow key={a.id} alert={a} actions={store} productId={alertProductId(a)} />
            ))}
          </TooltipGroup>
        </ul>
      )}
      {!local && user && <PrivateFeedSection userId={user.id} />}
    </Page>
  );
}
