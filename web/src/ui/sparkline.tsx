/**
 * A small line of recent prices (oldest first) beside a row, without axes: the shape says whether
 * a price is rising or falling; the chart on a product page says by how much. Nothing for fewer
 * than two points (no line to draw). The label is what a screen reader hears instead.
 */
export function Sparkline({
  points,
  label,
  width = 80,
  height = 24,
}: {
  points: readonly number[];
  label: string;
  width?: number;
  height?: number;
}) {
  if (points.length < 2) return null;
  const min = Math.min(...points);
  const span = Math.max(...points) - min || 1;
  // A 2 px margin keeps the stroke inside the box at the extremes.
  const x = (i: number) => 2 + (i / (points.length - 1)) * (width - 4);
  const y = (v: number) => height - 2 - ((v - min) / span) * (height - 4);
  const line = points.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
  return (
    <svg
      className="sparkline"
      data-testid="sparkline"
      role="img"
      aria-label={label}
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
    >
      <polyline points={line} fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
    </svg>
  );
}
