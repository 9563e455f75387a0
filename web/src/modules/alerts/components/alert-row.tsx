import { Link } from 'react-router-dom';
import { UpdateAlertRequestSchema } from '@pt/contracts';
import { describeBasis, describeScope, MARKETPLACE_NAMES } from '@pt/domain';
import { useContractForm } from '../../../lib/contract-form';
import { reportResult } from '../../../ui/report-result';
import { usePriceInRegion } from '../../../ui/price';
import { Switch } from '../../../ui/switch';
import { Tooltip } from '../../../ui/tooltip';
import type { AlertActions, AlertEntry } from '../api/alert-actions';
import { kindText } from '../utils/alert-kind';
import { useTargetText } from '../utils/alert-target';
import { TargetPriceInput } from './target-price-input';

/** One alert: its product, price and target, with the target's editor, pause and delete. */
export function AlertRow({
  alert: a,
  actions,
  productId,
}: {
  alert: AlertEntry;
  actions: AlertActions;
  /** The catalog id the product link opens. */
  productId: string;
}) {
  const format = usePriceInRegion();
  const targetOf = useTargetText();
  // The target is edited in the alert's own currency, so saving it unchanged never moves it. The
  // PATCH body's schema checks it as it is typed: a target the server would refuse is marked and
  // cannot be saved.
  const form = useContractForm(
    UpdateAlertRequestSchema,
    { targetPrice: a.targetPrice },
    { checkEveryChange: true },
  );
  const valid = form.formState.errors.targetPrice === undefined;
  // A percent-drop or lowest-in-N alert: its rule in words; it is changed on the product page.
  const watching = kindText(a);
  return (
    <li className="card" data-testid="alert-row">
      <h2 style={{ fontSize: '1rem', margin: 0 }}>
        <Link to={`/product/${encodeURIComponent(productId)}`}>{a.productTitle}</Link>
      </h2>
      <p>
        Now {format(a.currentPrice, a.currency)} ·{' '}
        {watching ? (
          <span data-testid="alert-kind">{watching}</span>
        ) : (
          <>
            target <span data-testid="alert-target">{targetOf(a)}</span>
          </>
        )}{' '}
        {a.basis && (
          <span className="muted" data-testid="alert-basis">
            · {describeBasis(a.basis)}
          </span>
        )}{' '}
        {a.met && !watching && (
          <Tooltip content="The current price is at or below your target">
            <strong className="badge" tabIndex={0}>
              Target met
            </strong>
          </Tooltip>
        )}
      </p>
      {a.scope === 'any_marketplace' && (
        <p className="muted" data-testid="alert-scope">
          {describeScope(a.scope)}
          {a.members !== undefined ? ` (${a.members} listings)` : ''}
          {a.cheapest
            ? `: cheapest on ${MARKETPLACE_NAMES[a.cheapest.marketplace]}, ${format(a.cheapest.landed, a.currency)} with shipping`
            : ''}
        </p>
      )}
      {a.unavailableSince && (
        <p className="muted" data-testid="alert-unavailable">
          Not on sale since{' '}
          {new Date(a.unavailableSince).toLocaleDateString(undefined, { dateStyle: 'medium' })}: this alert
          stays and watches for its return.
        </p>
      )}
      {a.lastFired && (
        <p className="muted" data-testid="alert-last-fired">
          Last alert: {a.lastFired.reason}
        </p>
      )}
      <div className="row">
        {!watching && (
          <form
            className="row"
            onSubmit={form.handleSubmit(async ({ targetPrice }) => {
              if (targetPrice !== undefined) reportResult(await actions.update(a, { targetPrice }));
            })}
          >
            <TargetPriceInput
              className="row"
              label={`Target (${a.currency})`}
              invalid={!valid}
              {...form.register('targetPrice', { valueAsNumber: true })}
            />
            <button type="submit" className="btn btn-sm" disabled={!valid}>
              Save target
            </button>
          </form>
        )}
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
