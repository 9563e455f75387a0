import { Raster, type Rgb } from './png';

/** A recorded price, in the alert's currency. */
export interface ChartPoint {
  at: Date;
  price: number;
}

export const CHART_WIDTH = 480;
export const CHART_HEIGHT = 160;
const PAD = { left: 8, right: 12, top: 12, bottom: 12 };

// The web chart's palette on white (light theme): line, target, the price now, baseline.
export const CHART_COLOURS = {
  background: [255, 255, 255],
  line: [37, 99, 235],
  target: [217, 119, 6],
  now: [22, 163, 74],
  axis: [203, 213, 225],
} as const satisfies Record<string, Rgb>;
const { background: WHITE, line: LINE, target: TARGET, now: NOW, axis: AXIS } = CHART_COLOURS;

/**
 * The price history as a step chart in a PNG, for the price-drop email: mail clients strip inline
 * SVG and block remote images, but show an inline (cid) PNG. A price holds until the next one, as
 * on the product page; the dashed line is the alert's target and the dot the price that fired it.
 * Step lines are horizontal and vertical segments only, so a rectangle fill draws the whole chart.
 * Null with fewer than two points: one price is not a history.
 */
export function historyChartPng(points: readonly ChartPoint[], target: number, now: Date): Buffer | null {
  return historyChartRaster(points, target, now)?.toPng() ?? null;
}

/** The chart's pixels (historyChartPng's picture before encoding). */
export function historyChartRaster(points: readonly ChartPoint[], target: number, now: Date): Raster | null {
  const sorted = [...points].filter((p) => p.price > 0).sort((a, b) => a.at.getTime() - b.at.getTime());
  if (sorted.length < 2) return null;
  const prices = [...sorted.map((p) => p.price), target];
  let low = Math.min(...prices);
  let high = Math.max(...prices);
  if (high - low < low * 0.02) {
    // A flat history still gets a visible band around it.
    low *= 0.95;
    high *= 1.05;
  }
  const start = sorted[0]!.at.getTime();
  const end = Math.max(now.getTime(), sorted[sorted.length - 1]!.at.getTime());
  const plotW = CHART_WIDTH - PAD.left - PAD.right;
  const plotH = CHART_HEIGHT - PAD.top - PAD.bottom;
  const x = (t: number) => PAD.left + ((t - start) / Math.max(1, end - start)) * plotW;
  const y = (price: number) => PAD.top + (1 - (price - low) / (high - low)) * plotH;

  const raster = new Raster(CHART_WIDTH, CHART_HEIGHT, WHITE);
  raster.fill(
    PAD.left,
    CHART_HEIGHT - PAD.bottom,
    CHART_WIDTH - PAD.right,
    CHART_HEIGHT - PAD.bottom + 1,
    AXIS,
  );
  const ty = Math.round(y(target));
  for (let dash = PAD.left; dash < CHART_WIDTH - PAD.right; dash += 10)
    raster.fill(dash, ty, dash + 6, ty + 1, TARGET);
  for (let i = 0; i < sorted.length; i++) {
    const p = sorted[i]!;
    const next = sorted[i + 1];
    const x0 = x(p.at.getTime());
    const x1 = x(next ? next.at.getTime() : end);
    const py = Math.round(y(p.price));
    raster.fill(x0, py - 1, x1 + 1, py + 1, LINE);
    if (next) {
      const ny = Math.round(y(next.price));
      raster.fill(x1 - 1, Math.min(py, ny) - 1, x1 + 1, Math.max(py, ny) + 1, LINE);
    }
  }
  const last = sorted[sorted.length - 1]!;
  raster.disc(Math.round(x(end)) - 3, Math.round(y(last.price)), 4, NOW);
  return raster;
}
