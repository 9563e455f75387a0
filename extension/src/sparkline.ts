/** The history line of the panel: an SVG path through the prices, oldest at the left. */
export interface Sparkline {
  width: number;
  height: number;
  /** Empty when there are fewer than two prices: one point draws no line. */
  path: string;
}

export function sparklinePath(prices: readonly number[], width = 120, height = 32): Sparkline {
  const finite = prices.filter((p) => Number.isFinite(p));
  if (finite.length < 2) return { width, height, path: '' };
  const min = Math.min(...finite);
  const max = Math.max(...finite);
  // A flat history draws a flat line in the middle rather than dividing by zero.
  const span = max - min || 1;
  const pad = 2;
  const step = (width - 2 * pad) / (finite.length - 1);
  const y = (p: number) => (max === min ? height / 2 : pad + ((max - p) / span) * (height - 2 * pad));
  const path = finite
    .map((p, i) => `${i === 0 ? 'M' : 'L'}${(pad + i * step).toFixed(1)},${y(p).toFixed(1)}`)
    .join(' ');
  return { width, height, path };
}
