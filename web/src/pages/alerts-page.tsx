import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ALERT_MESSAGES, type AlertActions, type AlertEntry } from '../modules/alerts/alert-actions';
import { parseTarget, useTargetText } from '../modules/alerts/alert-target';
import { PrivateFeedSection } from '../modules/alerts/components/private-feed-section';
import { TargetPriceInput } from '../modules/alerts/components/target-price-input';
import { useAuth } from '../modules/auth/hooks/auth-context';
import { useAuthDialog } from '../modules/auth/hooks/auth-dialog-context';
import { useAlertsStore } from '../modules/alerts/use-alerts-store';
import { EmptyState, ErrorState, ResultsSkeleton } from '../modules/products/components/product-results';
import { productPageId } from '../modules/wishlist/server-wishlists';
import { reportResult } from '../ui/report-result';
import { Page } from '../ui/page';
import { usePriceInRegion } from '../ui/price';
import { Switch } from '../ui/switch';
import { Tooltip, TooltipGroup } from '../ui/tooltip';
import '../modules/products/shopping.css';

/**
 * Price alerts: edit the target, pause, delete. Anonymous alerts are kept in this browser (§3
 * `price_alerts`) and watched by it while the app is open (modules/alerts/local-alert-watch), which
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
              <AlertRow key={a.id} alert={a} actions={store} />
            ))}
          </TooltipGroup>
        </ul>
      )}
      {!local && user && <PrivateFeedSection userId={user.id} />}
    </Page>
  );
}

function AlertRow({ alert: a, actions }: { alert: AlertEntry; actions: AlertActions }) {
  const format = usePriceInRegion();
  const targetOf = useTargetText();
  // The target is edited in the alert's own currency, so saving it unchanged never moves it.
  const [target, setTarget] = useState(String(a.targetPrice));
  const value = parseTarget(target);
  const valid = value !== undefined;
  return (
    <li className="card" data-testid="alert-row">
      <h2 style={{ fontSize: '1rem', margin: 0 }}>
        <Link to={`/product/${encodeURIComponent(alertProductId(a))}`}>{a.productTitle}</Link>
      </h2>
      <p>
        Now {format(a.currentPrice, a.currency)} · target{' '}
        <span data-testid="alert-target">{targetOf(a)}</span>{' '}
        {a.met && (
          <Tooltip content="The current price is at or below your target">
            <strong className="badge" tabIndex={0}>
              Target met
            </strong>
          </Tooltip>
        )}
      </p>
      <div className="row">
        <form
          className="row"
          onSubmit={(e) => {
            e.preventDefault();
            if (value === undefined) return;
            void actions.update(a, { targetPrice: value }).then(reportResult);
          }}
        >
          <TargetPriceInput
            className="row"
            label={`Target (${a.currency})`}
            value={target}
            invalid={!valid}
            onChange={setTarget}
          />
          <button type="submit" className="btn btn-sm" disabled={!valid}>
            Save target
          </button>
        </form>
        <Switch
          label={a.isActive ? 'Active' : 'Paused'}
          checked={a.isActive}
          onCheckedChange={(on) => void actions.update(a, { isActive: on }).then(reportResult)}
        />
        <button
          type="button"
          className="btn btn-sm btn-danger"
          onClick={() => {
            void actions.remove(a).then(reportResult);
          }}
        >
          Delete<span className="sr-only"> alert for {a.productTitle}</span>
        </button>
      </div>
    </li>
  );
}

/** A server alert names its listing (marketplace + listing id); the product page wants a catalog id. */
const alertProductId = (a: AlertEntry) =>
  a.origin && a.marketplace ? productPageId(`${a.marketplace}:${a.productId}`) : a.productId;
