import type { Product } from '@pt/contracts';
import { defaultAlertTarget, describeBasis, type AlertBasis, type AlertScope as Scope } from '@pt/domain';
import { lazy, Suspense, useState } from 'react';
import { useAuthDialog } from '../../auth/hooks/auth-dialog-context';
import { reportResult } from '../../../ui/report-result';
import { canWatchPrice, parseTarget, priceMeetsTarget, useTargetText } from '../utils/alert-target';
import { useAlertsStore } from '../hooks/use-alerts-store';
import { kindChoice, kindText, type KindDraft } from '../utils/alert-kind';
import { AlertBasisField, landedAllowed } from './alert-basis-field';
import { AlertKindFields } from './alert-kind-fields';
import { TargetPriceInput } from './target-price-input';

// After the first screen: the scope waits for the also-on answer, and the page has no room for it.
const AlertScope = lazy(() => import('./alert-scope-field'));

/**
 * §4 price alert of a product, default target 90% of the price. The target is edited in the
 * alert's own currency (the listing's when it was set), so saving it unchanged never moves it; it is
 * shown converted into the region's currency with the real target beside it. A signed-in user's
 * alert is the alert-notifier's (its state says whether the target is met, and it emails); a local
 * one is watched by this browser while the app is open, which the panel says plainly.
 */
export function AlertControl({ product: p }: { product: Product }) {
  const alerts = useAlertsStore();
  const targetOf = useTargetText();
  const { openAuthDialog } = useAuthDialog();
  const existing = alerts.findFor(p);
  const [edited, setTarget] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [draft, setDraft] = useState<KindDraft | null>(null);
  const [basisDraft, setBasis] = useState<AlertBasis | null>(null);
  const [scopeDraft, setScope] = useState<Scope>('listing');
  if (!canWatchPrice(p))
    return (
      <p className="muted" data-testid="alert-unavailable">
        Price alerts are not available for sample products: their prices are never checked.
      </p>
    );
  const currency = existing?.currency ?? p.currency;
  const target = edited ?? String(existing?.targetPrice ?? defaultAlertTarget(p.price));
  const value = parseTarget(target);
  const local = alerts.mode === 'local';
  // A local lowest-in-N alert has no target to compare with: its state is the watcher's.
  const met = existing
    ? local && existing.kind !== 'lowest_in_days'
      ? priceMeetsTarget(p.price, p.currency, existing)
      : existing.met
    : false;
  // Every kind is offered signed out too: this browser's watcher evaluates the same rule.
  const kinds: KindDraft = draft ?? {
    kind: existing?.kind ?? 'target',
    percent: String(existing?.percent ?? 20),
    days: String(existing?.days ?? 90),
  };
  const choice = kindChoice(kinds);
  // Any marketplace: a new server target alert of a product sold on other marketplaces too (the
  // field shows itself only then). It compares prices with shipping (alert-scope.ts), so the basis
  // is not asked then.
  const scopeOffered = !local && !existing && kinds.kind === 'target';
  const scope: Scope = scopeOffered ? scopeDraft : 'listing';
  const group = scope === 'any_marketplace' || existing?.scope === 'any_marketplace';
  // Item price or price with shipping: server alerts of a kind that can compare it (landed prices).
  const basis: AlertBasis = group
    ? 'landed'
    : landedAllowed(kinds.kind)
      ? (basisDraft ?? existing?.basis ?? 'item')
      : 'item';
  const basisChange = local || basis === (existing?.basis ?? 'item') ? {} : { basis };
  const watching = existing && kindText(existing);
  const valid = choice === undefined ? value !== undefined : choice !== null;
  const save = () => {
    if (!valid || choice === null || saving) return;
    setSaving(true);
    // An existing alert keeps its currency: only its rule changes.
    const pending = existing
      ? alerts.update(existing, {
          ...(choice ?? {
            targetPrice: value,
            ...(existing.kind && existing.kind !== 'target' ? { kind: 'target' } : {}),
          }),
          ...basisChange,
        })
      : alerts.set(p, value ?? 0, choice, local ? undefined : basis, scope);
    void pending.then((result) => {
      setSaving(false);
      setTarget(null);
      setDraft(null);
      setBasis(null);
      reportResult(result);
    });
  };
  return (
    <section aria-labelledby="alert-title" className="card" style={{ marginTop: '1rem' }}>
      <h2 id="alert-title" style={{ fontSize: '1.1rem' }}>
        Price alert
      </h2>
      {existing && (
        <p data-testid="alert-state" role="status">
          {watching
            ? `${met && existing.kind !== 'back_in_stock' ? 'Alert met' : 'Watching'}: ${watching}${existing.isActive ? '' : ' (paused)'}.`
            : met
              ? `Target met: the price is at or below ${targetOf(existing)}.`
              : `Watching for ${targetOf(existing)} or less${existing.isActive ? '' : ' (paused)'}.`}
          {existing.scope === 'any_marketplace' && (
            <Suspense fallback={null}>
              <AlertScope alert={existing} productId={p.id} scope="any_marketplace" onChange={setScope} />
            </Suspense>
          )}
          {existing.basis === 'landed' && existing.scope !== 'any_marketplace' && (
            <span data-testid="alert-basis-state">
              {' '}
              Compares the {describeBasis('landed').toLowerCase()}.
            </span>
          )}
        </p>
      )}
      {existing?.lastFired && (
        <p className="muted" data-testid="alert-last-fired">
          Last alert: {existing.lastFired.reason}
        </p>
      )}
      {local && alerts.status === 'ready' && (
        <p className="muted" data-testid="alert-local-note">
          Signed out, an alert is kept in this browser and checked only while a page of this app is open here:
          you get a notification in the app (and from the browser, if you allow it). Email alerts need an
          account.{' '}
          <button type="button" className="btn btn-sm" onClick={() => openAuthDialog({ mode: 'login' })}>
            Sign in for email alerts
          </button>
        </p>
      )}
      <form
        className="row"
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <AlertKindFields draft={kinds} onChange={setDraft} local={local} />
        {scopeOffered && (
          <Suspense fallback={null}>
            <AlertScope productId={p.id} scope={scope} onChange={setScope} />
          </Suspense>
        )}
        {!local && !group && <AlertBasisField kind={kinds.kind} basis={basis} onChange={setBasis} />}
        {kinds.kind === 'target' && (
          <TargetPriceInput
            label={`Target price (${currency})`}
            value={target}
            invalid={value === undefined}
            onChange={(e) => setTarget(e.target.value)}
          />
        )}
        <button type="submit" className="btn btn-primary" disabled={!valid || saving}>
          {existing ? 'Update alert' : 'Set alert'}
        </button>
        {existing && (
          <button
            type="button"
            className="btn"
            onClick={() => void alerts.remove(existing).then(reportResult)}
          >
            Remove alert
          </button>
        )}
      </form>
    </section>
  );
}
