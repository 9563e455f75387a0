import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { PriceHistoryView } from '../../products/api/catalog';

const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { month: 'short', day: 'numeric' });

/** The price line; a table with the same points follows for screen readers and keyboard users. */
export function PriceHistoryChart({ history }: { history: PriceHistoryView }) {
  const data = history.points.map((p) => ({ ...p, label: day(p.date) }));
  return (
    <figure data-testid="price-history-chart" data-points={data.length} style={{ margin: 0 }}>
      <div style={{ width: '100%', height: 260 }} aria-hidden="true">
        <ResponsiveContainer>
          <LineChart
            accessibilityLayer={false}
            data={data}
            margin={{ top: 8, right: 16, bottom: 8, left: 0 }}
          >
            <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" />
            <XAxis dataKey="label" stroke="var(--fg-muted)" />
            <YAxis stroke="var(--fg-muted)" domain={['auto', 'auto']} width={56} />
            <Tooltip
              formatter={(_v, _n, item) => [
                (item.payload as { formattedPrice: string }).formattedPrice,
                'Price',
              ]}
              contentStyle={{ background: 'var(--bg-raised)', border: '1px solid var(--border)' }}
            />
            <Line
              type="monotone"
              dataKey="price"
              stroke="var(--accent)"
              strokeWidth={2}
              dot={{ r: 3 }}
              isAnimationActive={false}
            />
          </LineChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="muted">
        {data.length} price point{data.length === 1 ? '' : 's'} in this period.
      </figcaption>
      <details>
        <summary>Price points and where each came from</summary>
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Price</th>
              <th scope="col">Source</th>
            </tr>
          </thead>
          <tbody>
            {history.points.map((p) => (
              <tr key={`${p.date}-${p.source}`} data-testid="history-point">
                <td>{new Date(p.date).toLocaleString()}</td>
                <td>{p.formattedPrice}</td>
                <td>{p.source === 'personal' ? 'Your lookups' : 'All shoppers’ lookups'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
