import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { AlertActions, AlertEntry } from '../modules/alerts/alert-actions';
import { useAlertsStore } from '../modules/alerts/use-alerts-store';
import { EmptyState, ErrorState, ResultsSkeleton } from '../modules/products/components/product-results';
import { productPageId } from '../modules/wishlist/server-wishlists';
import { reportResult } from '../modules/wishlist/use-wishlist-store';
import { Page } from '../ui/page';
import { usePriceInRegion } from '../ui/price';
import { Switch } from '../ui/switch';
import '../modules/products/shopping.css';

/**
 * Price alerts: edit the target, pause, delete. Anonymous alerts are kept in this browser (§3
 * `price_alerts`) and, when a visit finds an active one met, an optional browser notification is
 * shown (once per visit). A signed-in user's alerts live on the alert-notifier, which emails them.
 */
export default function AlertsPage() {
  const store = useAlertsStore();
  const { alerts } = store;
  const local = store.mode === 'local';
  useEffect(() => {
    if (!local) return;
    const met = alerts.filter((a) => a.isActive && a.met);
    if (met.length && typeof Notification !== 'undefined' && Notification.permission === 'granted')
      for (const a of met)
        new Notification('Price alert met', { body: `${a.productTitle} is at or below your target.` });
    // Only on arrival: a change made on this page must not notify again.
  }, [local]);
  return (
    <Page title="Price alerts">
      <p className="muted">
        {local
          ? 'Alerts saved in this browser.'
          : 'Alerts saved in your account: we email you when a price reaches your target.'}{' '}
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
        <ErrorState message="Failed to load price alerts" onRetry={store.retry} />
      ) : alerts.length === 0 ? (
        <EmptyState title="No price alerts yet">
          <p>Open a product and set a target price to be told when it drops.</p>
        </EmptyState>
      ) : (
        <ul className="wishlist-items" aria-label="Price alerts">
          {alerts.map((a) => (
            <AlertRow key={a.id} alert={a} actions={store} />
          ))}
        </ul>
      )}
    </Page>
  );
}

function AlertRow({ alert: a, actions }: { alert: AlertEntry; actions: AlertActions }) {
  const format = usePriceInRegion();
  const [target, setTarget] = useState(String(a.targetPrice));
  const value = Number(target);
  const valid = target !== '' && Number.isFinite(value) && value > 0;
  return (
    <li className="card" data-testid="alert-row">
      <h2 style={{ fontSize: '1rem', margin: 0 }}>
        <Link to={`/product/${encodeURIComponent(alertProductId(a))}`}>{a.productTitle}</Link>
      </h2>
      <p>
        Now {format(a.currentPrice, a.currency)} · target {format(a.targetPrice, a.currency)}{' '}
        {a.met && <strong className="badge">Target met</strong>}
      </p>
      <div className="row">
        <form
          className="row"
          onSubmit={(e) => {
            e.preventDefault();
            if (!valid) return;
            void actions.update(a, { targetPrice: value }).then(reportResult);
          }}
        >
          <label className="row">
            Target
            <input
              type="number"
              min={0}
              step="0.01"
              value={target}
              onChange={(e) => setTarget(e.target.value)}
              aria-invalid={!valid}
            />
          </label>
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
