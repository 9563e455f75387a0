import type { PriceHistoryView } from '@pt/contracts';
import { formatPrice } from '@pt/domain';
import { lazy, Suspense, useState } from 'react';
import { apiErrorMessage } from '../../../lib/api-error-message';
import type { HistoryDays } from '../../products/api/price-history';
import { ErrorState } from '../../products/components/product-results';
import { CHART_HEIGHT, datedLabel, TIME_AXIS_MAX_SPAN_MS } from '../utils/history-chart-data';
import { usePotentialSavings, usePriceHistory, type LiveLookup } from '../hooks/use-price-history';

/**
 * The chart's code is its own chunk, asked for only once the history has answered, so it never
 * delays the first paint of the price and the verdict; its box is reserved meanwhile (no shift).
 */
const PriceHistoryChart = lazy(() => import('./price-history-chart'));

const RANGES: ReadonlyArray<{ days: HistoryDays; label: string }> = [
  { days: 7, label: '7d' },
  { days: 30, label: '30d' },
  { days: 90, label: '90d' },
  { days: 365, label: '1y' },
  { days: 'all', label: 'All' },
];
/** §9: the history window a product page opens with. */
const DEFAULT_DAYS: HistoryDays = 30;

const Stat = ({ label, value, testId }: { label: string; value: string; testId?: string }) => (
  <div>
    <dt>{label}</dt>
    <dd data-testid={testId}>{value}</dd>
  </div>
);

/** The verdict speaks only when the server has enough history to mean it. */
function Verdict({ verdict }: { verdict: PriceHistoryView['verdict'] }) {
  return (
    <p data-testid="verdict" data-action={verdict.action} className="card">
      {verdict.action === 'unknown' ? (
        'Not enough history yet to judge this price.'
      ) : (
        <>
          <strong>{verdict.action === 'buy' ? 'Buy now.' : 'Wait.'}</strong> {verdict.reason}
        </>
      )}
    </p>
  );
}

function CurrencyNote({ history }: { history: PriceHistoryView }) {
  if (!history.listingCurrency || history.listingCurrency === history.currency) return null;
  return (
    <p className="muted" data-testid="history-currency-note">
      Prices converted from {history.listingCurrency} to {history.currency} at the rate shown: 1{' '}
      {history.listingCurrency} = {history.rate} {history.currency}.
    </p>
  );
}

function Statistics({
  history,
  savings,
  currentSavings,
}: {
  history: PriceHistoryView;
  savings: string;
  currentSavings: string | null;
}) {
  const { statistics: s, currency } = history;
  const first = s.firstAt ? Date.parse(s.firstAt) : NaN;
  const last = s.lastAt ? Date.parse(s.lastAt) : NaN;
  // A history of a day or two is told apart by the hour, a longer one by the day.
  const withTime = !(last - first >= TIME_AXIS_MAX_SPAN_MS);
  const dated = (p: { price: number; date: string } | null) =>
    p ? `${formatPrice(p.price, currency)} on ${datedLabel(p.date, withTime)}` : '—';
  const money = (v: number | null) => (v === null ? '—' : formatPrice(v, currency));
  return (
    <dl className="stats" aria-label="Price statistics">
      <Stat label="Lowest" value={dated(s.lowest)} testId="history-lowest" />
      <Stat label="Average" value={money(s.average)} testId="history-average" />
      <Stat label="Highest" value={dated(s.highest)} testId="history-highest" />
      {currentSavings !== null && <Stat label="Current savings" value={currentSavings} />}
      <Stat label="Potential savings" value={savings} testId="potential-savings" />
    </dl>
  );
}

/**
 * The product page's price history: the period tabs, the verdict, lowest and highest with their
 * dates, and the chart. `lookup` is the live lookup that loaded the page, whose price the first
 * view must show.
 */
export function PriceHistorySection({
  productId,
  lookup,
  currentSavings,
}: {
  productId: string;
  lookup?: LiveLookup;
  /** The listing's own discount, already formatted; null when it has none. */
  currentSavings: string | null;
}) {
  const [days, setDays] = useState<HistoryDays>(DEFAULT_DAYS);
  const history = usePriceHistory(productId, days, lookup);
  const savings = usePotentialSavings(productId, lookup);
  return (
    <section aria-labelledby="history-title">
      <h2 id="history-title">Price history</h2>
      <div className="range-tabs" role="group" aria-label="Period">
        {RANGES.map((r) => (
          <button
            key={r.label}
            type="button"
            className="btn btn-sm"
            aria-pressed={days === r.days}
            onClick={() => setDays(r.days)}
          >
            {r.label}
          </button>
        ))}
      </div>
      {history.isPending ? (
        <div className="skeleton" style={{ height: CHART_HEIGHT }} />
      ) : history.isError ? (
        <ErrorState message={apiErrorMessage(history.error)} onRetry={() => void history.refetch()} />
      ) : history.data.points.length === 0 ? (
        <>
          <Verdict verdict={history.data.verdict} />
          <p className="muted" data-testid="history-empty">
            No prices recorded in this period yet.
          </p>
        </>
      ) : (
        <>
          <Verdict verdict={history.data.verdict} />
          <Statistics
            history={history.data}
            savings={savings ? formatPrice(savings.amount, savings.currency) : '—'}
            currentSavings={currentSavings}
          />
          <CurrencyNote history={history.data} />
          <Suspense fallback={<div className="skeleton" style={{ height: CHART_HEIGHT }} />}>
            <PriceHistoryChart history={history.data} now={history.dataUpdatedAt} />
          </Suspense>
        </>
      )}
    </section>
  );
}
