import type { PriceHistoryView } from '@pt/contracts';
import { formatPrice } from '@pt/domain';
import { useMemo } from 'react';
import {
  CartesianGrid,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
  type TooltipContentProps,
} from 'recharts';
import type { NameType, ValueType } from 'recharts/types/component/DefaultTooltipContent';
import type { DotItemDotProps } from 'recharts/types/util/types';
import { pointTime, stepSeries, timeTicks, type StepPoint } from '../history-chart-data';

/** The tooltip names the point under the pointer by its own time and price. */
function PointTooltip({
  active,
  payload,
  currency,
}: Pick<TooltipContentProps<ValueType, NameType>, 'active' | 'payload'> & { currency: string }) {
  const point = payload?.[0]?.payload as StepPoint | undefined;
  if (!active || !point) return null;
  return (
    <div className="chart-tooltip" data-testid="history-tooltip">
      <div>{pointTime(point.date)}</div>
      <strong>{formatPrice(point.price, currency)}</strong>
      {point.tail && <div className="muted">still the latest price</div>}
    </div>
  );
}

/**
 * Each observation's dot carries its instant, so where it sits on the time axis can be checked;
 * the tail (the last price held until now) has none.
 */
function PointDot(props: DotItemDotProps) {
  const point = props.payload as StepPoint;
  if (point.tail || props.cx === undefined || props.cy === undefined)
    return <g key={`tail-${props.index}`} />;
  return (
    <circle
      key={`dot-${props.index}`}
      className="recharts-dot"
      data-at={point.t}
      cx={props.cx}
      cy={props.cy}
      r={3}
      stroke="var(--accent)"
      fill="var(--bg-raised, #fff)"
      strokeWidth={2}
    />
  );
}

/**
 * The price as steps on a time axis (a price holds until the next observation, the last one until
 * now); a table with the same points follows for screen readers and keyboard users.
 */
export default function PriceHistoryChart({ history, now }: { history: PriceHistoryView; now: number }) {
  const { data, domain } = useMemo(() => stepSeries(history.points, now), [history.points, now]);
  const axis = useMemo(() => timeTicks(domain[0], domain[1]), [domain]);
  const real = data.filter((p) => !p.tail);
  return (
    <figure
      data-testid="price-history-chart"
      data-points={real.length}
      data-domain={domain.join(',')}
      style={{ margin: 0 }}
    >
      <div style={{ width: '100%', height: 260 }} aria-hidden="true">
        <ResponsiveContainer>
          <LineChart
            accessibilityLayer={false}
            data={data}
            margin={{ top: 8, right: 24, bottom: 8, left: 0 }}
          >
            <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" />
            <XAxis
              dataKey="t"
              type="number"
              scale="time"
              domain={domain}
              ticks={axis.ticks}
              tickFormatter={axis.format}
              stroke="var(--fg-muted)"
              allowDataOverflow
            />
            <YAxis
              stroke="var(--fg-muted)"
              domain={['auto', 'auto']}
              width={64}
              tickFormatter={(v: number) => formatPrice(v, history.currency)}
            />
            <Tooltip
              content={(props) => <PointTooltip {...props} currency={history.currency} />}
              contentStyle={{ background: 'var(--bg-raised)', border: '1px solid var(--border)' }}
            />
            <Line
              type="stepAfter"
              dataKey="price"
              stroke="var(--accent)"
              strokeWidth={2}
              dot={PointDot}
              activeDot={{ r: 5 }}
              isAnimationActive={false}
            />
          </LineChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="muted">
        {real.length} price point{real.length === 1 ? '' : 's'} in this period; each price holds until the
        next one.
      </figcaption>
      <details>
        <summary>Price points and where each came from</summary>
        <table className="data-table">
          <caption className="sr-only">Recorded prices, oldest first</caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Price</th>
              <th scope="col">Source</th>
            </tr>
          </thead>
          <tbody>
            {real.map((p, i) => (
              <tr key={`${p.date}-${i}`} data-testid="history-point" data-at={p.t}>
                <td>{pointTime(p.date)}</td>
                <td>{formatPrice(p.price, history.currency)}</td>
                <td>{sourceLabel(p.source)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

const sourceLabel = (source: StepPoint['source']) =>
  source === 'personal'
    ? 'Your lookups'
    : source === 'demo'
      ? 'Demo marketplace history'
      : 'All shoppers’ lookups';
