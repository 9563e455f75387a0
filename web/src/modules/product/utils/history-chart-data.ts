import type { PriceHistoryView } from '@pt/contracts';

/**
 * The price history chart's geometry, without React or a chart library: a step series on a time
 * axis, ticks that read as distinct dates (or times for a short history), price ticks on round
 * amounts, and the SVG path of the steps.
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Below this span the axis speaks in times of day; from it on, in dates. */
export const TIME_AXIS_MAX_SPAN_MS = 2 * DAY;
/** A history seen over less than this is drawn over this much time, so one point is not a dot on an edge. */
const MIN_SPAN_MS = MINUTE;

/** The chart's plot height in px: the page reserves it before the chart's code loads (no shift). */
export const CHART_HEIGHT = 260;

export interface StepPoint {
  /** Epoch ms: the x of the point. */
  t: number;
  price: number;
  /** The observation's own time (for the tail, the last observation's). */
  date: string;
  source: PriceHistoryView['points'][number]['source'];
  /** True for the end of the last step: the last price held until now, not a new observation. */
  tail: boolean;
}

export interface StepSeries {
  data: StepPoint[];
  domain: [number, number];
}

/**
 * The points in time order, then a tail at `now` at the last price: a price holds until the next
 * observation, so the last one is drawn up to the present. The domain runs from the first point
 * to now, widened to at least a minute.
 */
export function stepSeries(points: PriceHistoryView['points'], now: number): StepSeries {
  const data: StepPoint[] = points
    .map((p) => ({ t: Date.parse(p.date), price: p.price, date: p.date, source: p.source, tail: false }))
    .filter((p) => Number.isFinite(p.t))
    .sort((a, b) => a.t - b.t);
  const first = data[0];
  const last = data.at(-1);
  if (!first || !last) return { data, domain: [now - MIN_SPAN_MS, now] };
  const end = Math.max(now, last.t);
  if (end > last.t) data.push({ ...last, t: end, tail: true });
  const start = Math.min(first.t, end - MIN_SPAN_MS);
  return { data, domain: [start, end] };
}

type Step = { kind: 'ms'; ms: number } | { kind: 'days'; days: number } | { kind: 'months'; months: number };

const STEPS: Step[] = [
  ...[1, 2, 5, 10, 15, 30].map((s) => ({ kind: 'ms' as const, ms: s * SECOND })),
  ...[1, 2, 5, 10, 15, 30].map((m) => ({ kind: 'ms' as const, ms: m * MINUTE })),
  ...[1, 2, 3, 6, 12].map((h) => ({ kind: 'ms' as const, ms: h * HOUR })),
  ...[1, 2, 7, 14].map((days) => ({ kind: 'days' as const, days })),
  ...[1, 2, 3, 6, 12, 24, 60].map((months) => ({ kind: 'months' as const, months })),
];

const localMidnight = (t: number) => {
  const d = new Date(t);
  d.setHours(0, 0, 0, 0);
  return d;
};

/** Tick instants of one step within [start, end], on round local times (midnight, 1st of month). */
function ticksOf(step: Step, start: number, end: number, limit: number): number[] {
  const out: number[] = [];
  if (step.kind === 'ms') {
    // Counted from local midnight so that hours land on round clock times.
    const base = localMidnight(start).getTime();
    for (let t = base + Math.ceil((start - base) / step.ms) * step.ms; t <= end; t += step.ms) {
      out.push(t);
      if (out.length > limit) break;
    }
    return out;
  }
  const d = localMidnight(start);
  if (step.kind === 'months') {
    d.setDate(1);
    // Months counted from January, so a 3-month step gives quarters.
    d.setMonth(Math.floor(d.getMonth() / step.months) * step.months);
  }
  while (d.getTime() <= end && out.length <= limit) {
    if (d.getTime() >= start) out.push(d.getTime());
    if (step.kind === 'days') d.setDate(d.getDate() + step.days);
    else d.setMonth(d.getMonth() + step.months);
  }
  return out;
}

const sameDay = (a: number, b: number) => localMidnight(a).getTime() === localMidnight(b).getTime();

export interface TimeTicks {
  ticks: number[];
  /** True when the labels are times of day (a history shorter than two days). */
  times: boolean;
  format(t: number): string;
}

/**
 * At most `maxTicks` ticks with distinct labels: times of day (with seconds below a minute's step,
 * with the date when the ticks cross midnight) for a span under two days, else dates (with the
 * year when they cross one, months for long spans).
 */
export function timeTicks(start: number, end: number, maxTicks = 6, locale?: string): TimeTicks {
  const span = Math.max(0, end - start);
  const times = span < TIME_AXIS_MAX_SPAN_MS;
  const candidates = STEPS.filter((s) => (s.kind === 'ms') === times);
  let ticks: number[] = [];
  let chosen: Step = candidates.at(-1) as Step;
  for (const step of candidates) {
    const found = ticksOf(step, start, end, maxTicks);
    if (found.length <= maxTicks) {
      ticks = found;
      chosen = step;
      break;
    }
  }
  const firstTick = ticks[0];
  const lastTick = ticks.at(-1);
  let options: Intl.DateTimeFormatOptions;
  if (chosen.kind === 'ms') {
    options = { hour: '2-digit', minute: '2-digit', ...(chosen.ms < MINUTE ? { second: '2-digit' } : {}) };
    if (firstTick !== undefined && lastTick !== undefined && !sameDay(firstTick, lastTick))
      options = { ...options, month: 'short', day: 'numeric' };
  } else if (chosen.kind === 'days') {
    options = { month: 'short', day: 'numeric' };
    if (
      firstTick !== undefined &&
      lastTick !== undefined &&
      new Date(firstTick).getFullYear() !== new Date(lastTick).getFullYear()
    )
      options = { ...options, year: 'numeric' };
  } else {
    options = { month: 'short', year: 'numeric' };
  }
  const formatter = new Intl.DateTimeFormat(locale, options);
  return { ticks, times, format: (t) => formatter.format(t) };
}

/** Round price ticks (1, 2, 2.5 or 5 × a power of ten) covering [min, max], about `count` of them. */
export function priceTicks(min: number, max: number, count = 5): number[] {
  let lo = Math.min(min, max);
  let hi = Math.max(min, max);
  if (!Number.isFinite(lo) || !Number.isFinite(hi)) return [];
  if (hi - lo < 1e-9) {
    // One price: a band around it, so the line sits mid-chart rather than on an edge.
    const pad = Math.abs(lo) * 0.1 || 1;
    lo -= pad;
    hi += pad;
  }
  const raw = (hi - lo) / Math.max(1, count - 1);
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 2, 2.5, 5, 10].find((m) => m * magnitude >= raw) ?? 10) * magnitude;
  // Rounded to the step's precision, so 0.1 + 0.2 never shows as 0.30000000000000004.
  const digits = Math.max(0, 2 - Math.floor(Math.log10(step)));
  const first = Math.floor(lo / step);
  const last = Math.ceil(hi / step);
  const ticks: number[] = [];
  for (let i = first; i <= last; i++) ticks.push(Number((i * step).toFixed(digits)));
  return ticks;
}

/** A linear map from a domain onto a pixel range (an empty domain maps to the range's middle). */
export function linearScale(domain: readonly [number, number], range: readonly [number, number]) {
  const [d0, d1] = domain;
  const [r0, r1] = range;
  const span = d1 - d0;
  return (v: number) => (span === 0 ? (r0 + r1) / 2 : r0 + ((v - d0) / span) * (r1 - r0));
}

/**
 * The SVG path of a price that holds until the next point ("step after"): across at the old price,
 * then up or down at the new point's time.
 */
export function stepPath(points: ReadonlyArray<{ x: number; y: number }>): string {
  const [head, ...rest] = points;
  if (!head) return '';
  let d = `M${round(head.x)},${round(head.y)}`;
  let y = head.y;
  for (const p of rest) {
    d += `H${round(p.x)}`;
    if (p.y !== y) d += `V${round(p.y)}`;
    y = p.y;
  }
  return d;
}

const round = (v: number) => Math.round(v * 10) / 10;

/** The index of the point whose x is closest to `x` (points in x order); -1 when there are none. */
export function nearestIndex(xs: readonly number[], x: number): number {
  let best = -1;
  let bestGap = Infinity;
  xs.forEach((px, i) => {
    const gap = Math.abs(px - x);
    if (gap < bestGap) {
      best = i;
      bestGap = gap;
    }
  });
  return best;
}

/** A point's own moment, for the tooltip and the table: date and time to the second. */
export const pointTime = (iso: string, locale?: string) =>
  new Date(iso).toLocaleString(locale, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });

/** A low's or high's date: the day, and the time when the history is short. */
export const datedLabel = (iso: string, withTime: boolean, locale?: string) =>
  new Date(iso).toLocaleString(locale, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    ...(withTime ? { hour: '2-digit', minute: '2-digit' } : {}),
  });

/**
 * Whether a history already holds the price a live lookup just recorded. The observation is
 * written after the page's answer (through the event relay), so the first history read can miss
 * it. A point at or after the lookup, or a last point at the same listing price (an unchanged price
 * within the snapshot window is not stored again), means it is there.
 */
export function historyHasLookup(
  history: Pick<PriceHistoryView, 'points' | 'listingCurrency'>,
  lookup: { price: number; currency: string; fetchedAt: string },
): boolean {
  const last = [...history.points].sort((a, b) => Date.parse(a.date) - Date.parse(b.date)).at(-1);
  if (!last) return false;
  if (Date.parse(last.date) >= Date.parse(lookup.fetchedAt)) return true;
  return history.listingCurrency === lookup.currency && Math.abs(last.listingPrice - lookup.price) < 0.005;
}
