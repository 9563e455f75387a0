import type { PriceHistoryView } from '@pt/contracts';
import { formatPrice } from '@pt/domain';
import { useLayoutEffect, useMemo, useRef, useState, type PointerEvent } from 'react';
import {
  CHART_HEIGHT,
  linearScale,
  nearestIndex,
  pointTime,
  priceTicks,
  stepPath,
  stepSeries,
  timeTicks,
  type StepPoint,
} from '../utils/history-chart-data';
import './price-history-chart.css';

const MARGIN = { top: 12, right: 24, bottom: 28, left: 72 };
/** Before the first measurement (and in a test DOM without layout): a phone's content width. */
const FALLBACK_WIDTH = 340;

/** The width the chart has to draw in, followed as the window or the layout changes. */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return { ref, width: width || FALLBACK_WIDTH };
}

/** The tooltip names the point under the pointer by its own time and price. */
function PointTooltip({
  point,
  x,
  y,
  flip,
  currency,
}: {
  point: StepPoint;
  x: number;
  y: number;
  /** Left of the point when it is in the right half, where the right side has less room. */
  flip: boolean;
  currency: string;
}) {
  return (
    <div
      className="chart-tooltip"
      data-testid="history-tooltip"
      style={{ left: x, top: y, transform: `translate(${flip ? 'calc(-100% - 12px)' : '12px'}, -50%)` }}
    >
      <div>{pointTime(point.date)}</div>
      <strong>{formatPrice(point.price, currency)}</strong>
      {point.tail && <div className="muted">still the latest price</div>}
    </div>
  );
}

/**
 * The price as steps on a time axis (a price holds until the next observation, the last one until
 * now), drawn as plain SVG: a few KB instead of a chart library, and every dot is an element that
 * carries its instant. A table with the same points follows for screen readers and keyboard users.
 */
export default function PriceHistoryChart({ history, now }: { history: PriceHistoryView; now: number }) {
  const { data, domain } = useMemo(() => stepSeries(history.points, now), [history.points, now]);
  const { ref, width } = useWidth();
  // As many date labels as fit without touching (about 80 px each), 2 to 6.
  const maxTicks = Math.max(2, Math.min(6, Math.floor((width - MARGIN.left - MARGIN.right) / 80)));
  const axis = useMemo(() => timeTicks(domain[0], domain[1], maxTicks), [domain, maxTicks]);
  const [active, setActive] = useState<number | null>(null);
  const real = data.filter((p) => !p.tail);

  const geometry = useMemo(() => {
    const prices = data.map((p) => p.price);
    const yTicks = priceTicks(Math.min(...prices), Math.max(...prices));
    const yDomain: [number, number] = [yTicks[0] ?? 0, yTicks.at(-1) ?? 1];
    const x = linearScale(domain, [MARGIN.left, Math.max(MARGIN.left + 1, width - MARGIN.right)]);
    const y = linearScale(yDomain, [CHART_HEIGHT - MARGIN.bottom, MARGIN.top]);
    const placed = data.map((p) => ({ ...p, x: x(p.t), y: y(p.price) }));
    return { x, y, yTicks, placed };
  }, [data, domain, width]);
  const { x, y, yTicks, placed } = geometry;
  const xs = useMemo(() => placed.map((p) => p.x), [placed]);

  const onPointerMove = (event: PointerEvent<SVGSVGElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const px = event.clientX - box.left;
    setActive(px < MARGIN.left - 8 || px > width ? null : nearestIndex(xs, px));
  };
  const shown = active === null ? undefined : placed[active];
  const plotBottom = CHART_HEIGHT - MARGIN.bottom;

  return (
    <figure
      data-testid="price-history-chart"
      data-points={real.length}
      data-domain={domain.join(',')}
      style={{ margin: 0 }}
    >
      <div ref={ref} className="history-chart" style={{ height: CHART_HEIGHT }} aria-hidden="true">
        <svg
          className="history-chart-surface"
          width={width}
          height={CHART_HEIGHT}
          onPointerMove={onPointerMove}
          onPointerLeave={() => setActive(null)}
        >
          <g className="history-grid">
            {yTicks.map((v) => (
              <line key={`y${v}`} x1={MARGIN.left} x2={width - MARGIN.right} y1={y(v)} y2={y(v)} />
            ))}
            {axis.ticks.map((t) => (
              <line key={`x${t}`} x1={x(t)} x2={x(t)} y1={MARGIN.top} y2={plotBottom} />
            ))}
          </g>
          <g className="history-axis history-y-axis">
            <line x1={MARGIN.left} x2={MARGIN.left} y1={MARGIN.top} y2={plotBottom} />
            {yTicks.map((v) => (
              <text
                key={v}
                className="history-y-tick"
                x={MARGIN.left - 6}
                y={y(v)}
                dy="0.32em"
                textAnchor="end"
              >
                {formatPrice(v, history.currency)}
              </text>
            ))}
          </g>
          <g className="history-axis history-x-axis">
            <line x1={MARGIN.left} x2={width - MARGIN.right} y1={plotBottom} y2={plotBottom} />
            {axis.ticks.map((t) => (
              <text key={t} className="history-x-tick" x={x(t)} y={plotBottom + 18} textAnchor="middle">
                {axis.format(t)}
              </text>
            ))}
          </g>
          <path className="history-line" d={stepPath(placed)} />
          {shown && (
            <line className="history-cursor" x1={shown.x} x2={shown.x} y1={MARGIN.top} y2={plotBottom} />
          )}
          {/* Each observation's dot carries its instant; the tail (the last price held until now) has none. */}
          {placed.map((p, i) =>
            p.tail ? null : (
              <circle
                key={`${p.t}-${i}`}
                className="history-dot"
                data-at={p.t}
                cx={p.x}
                cy={p.y}
                r={active === i ? 5 : 3}
              />
            ),
          )}
        </svg>
        {shown && (
          <PointTooltip
            point={shown}
            x={shown.x}
            // Kept inside the chart's box: beside a point at the top or bottom edge, not over the page.
            y={Math.min(Math.max(shown.y, 36), CHART_HEIGHT - 36)}
            flip={shown.x > width / 2}
            currency={history.currency}
          />
        )}
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
