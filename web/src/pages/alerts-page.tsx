import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import type { PriceAlert } from '@pt/domain';
import { alertMet, deleteAlert, updateAlert, useAlerts } from '../modules/alerts/alerts-store';
import { EmptyState } from '../modules/products/components/product-results';
import { Page } from '../ui/page';
import { usePriceInRegion } from '../ui/price';
import { Switch } from '../ui/switch';
import '../modules/products/shopping.css';

/**
 * Price alerts kept in this browser (§3 `price_alerts`): edit the target, pause, delete. When a
 * visit finds an active alert met, an optional browser notification is shown (once per visit).
 */
export default function AlertsPage() {
  const alerts = useAlerts();
  useEffect(() => {
    const met = alerts.filter((a) => a.isActive && alertMet(a));
    if (met.length && typeof Notification !== 'undefined' && Notification.permission === 'granted')
      for (const a of met)
        new Notification('Price alert met', { body: `${a.productTitle} is at or below your target.` });
    // Only on arrival: a change made on this page must not notify again.
  }, []);
  return (
    <Page title="Price alerts">
      <p className="muted">
        Alerts saved in this browser. <Link to="/wishlist">Back to wishlists</Link>
      </p>
      {typeof Notification !== 'undefined' && Notification.permission === 'default' && (
        <button type="button" className="btn" onClick={() => void Notification.requestPermission()}>
          Enable browser notifications
        </button>
      )}
      {alerts.length === 0 ? (
        <EmptyState title="No price alerts yet">
          <p>Open a product and set a target price to be told when it drops.</p>
        </EmptyState>
      ) : (
        <ul className="wishlist-items" aria-label="Price alerts">
          {alerts.map((a) => (
            <AlertRow key={a.id} alert={a} />
          ))}
        </ul>
      )}
    </Page>
  );
}

function AlertRow({ alert: a }: { alert: PriceAlert }) {
  const format = usePriceInRegion();
  const [target, setTarget] = useState(String(a.targetPrice));
  const value = Number(target);
  const valid = target !== '' && Number.isFinite(value) && value > 0;
  return (
    <li className="card" data-testid="alert-row">
      <h2 style={{ fontSize: '1rem', margin: 0 }}>
        <Link to={`/product/${encodeURIComponent(a.productId)}`}>{a.productTitle}</Link>
      </h2>
      <p>
        Now {format(a.currentPrice, a.currency)} · target {format(a.targetPrice, a.currency)}{' '}
        {alertMet(a) && <strong className="badge">Target met</strong>}
      </p>
      <div className="row">
        <form
          className="row"
          onSubmit={(e) => {
            e.preventDefault();
            if (!valid) return;
            updateAlert(a.id, { targetPrice: value });
            toast.success('Price alert updated');
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
          onCheckedChange={(on) => updateAlert(a.id, { isActive: on })}
        />
        <button
          type="button"
          className="btn btn-sm btn-danger"
          onClick={() => {
            deleteAlert(a.productId);
            toast.success('Price alert removed');
          }}
        >
          Delete<span className="sr-only"> alert for {a.productTitle}</span>
        </button>
      </div>
    </li>
  );
}
