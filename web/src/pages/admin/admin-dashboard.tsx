import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { ApiUsageFigures } from '@pt/contracts';
import { formatErrorRate, formatLatency } from '@pt/domain';
import { adminKeys, fetchMetrics } from '../../modules/admin/api/admin-api';
import { readMetrics, type HourPoint } from '../../modules/admin/utils/metrics';
import { Skeleton } from '../../ui/loading-screen';
import { Page } from '../../ui/page';

/** The tooltip's title: the hour's date and range (the axis shows the short label). */
const hourTitle = (_label: unknown, payload: ReadonlyArray<{ payload?: HourPoint }>) =>
  payload[0]?.payload?.title ?? '';

function Figures({ title, f }: { title: string; f: ApiUsageFigures }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      <dl className="stat-grid">
        <div className="stat">
          <dt>Requests</dt>
          <dd>{f.requests}</dd>
        </div>
        <div className="stat">
          <dt>Error rate</dt>
          <dd>{formatErrorRate(f.errorRate)}</dd>
        </div>
        <div className="stat">
          <dt>p50</dt>
          <dd>{formatLatency(f.p50Ms, f.requests)}</dd>
        </div>
        <div className="stat">
          <dt>p95</dt>
          <dd>{formatLatency(f.p95Ms, f.requests)}</dd>
        </div>
        <div className="stat">
          <dt>p99</dt>
          <dd>{formatLatency(f.p99Ms, f.requests)}</dd>
        </div>
      </dl>
    </section>
  );
}

/** API usage from the request logs (§1, §7; GET /api/v1/admin/metrics). */
export default function AdminDashboard() {
  const query = useQuery({ queryKey: adminKeys.metrics, queryFn: fetchMetrics, refetchInterval: 30_000 });
  const m = query.data === undefined ? null : readMetrics(query.data);
  return (
    <Page title="Admin dashboard">
      {query.isLoading && <Skeleton lines={5} label="Loading metrics" />}
      {query.isError && (
        <p className="form-error" role="alert">
          Metrics are unavailable: {query.error.message}
        </p>
      )}
      {m && (
        <>
          <Figures title="Last 24 hours" f={m.last24h.total} />
          <Figures title="Last hour" f={m.lastHour.total} />
          <h2>Requests per hour</h2>
          {m.perHour.length === 0 ? (
            <p className="muted">No requests recorded yet.</p>
          ) : (
            <div
              style={{ width: '100%', height: 260, overflow: 'hidden' }}
              role="img"
              aria-label="Requests per hour chart"
            >
              <ResponsiveContainer>
                <LineChart data={m.perHour}>
                  <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" />
                  <XAxis dataKey="label" stroke="var(--fg-muted)" />
                  <YAxis stroke="var(--fg-muted)" allowDecimals={false} />
                  <Tooltip labelFormatter={hourTitle} />
                  <Line type="monotone" dataKey="requests" stroke="var(--accent)" dot={false} />
                  <Line type="monotone" dataKey="errors" stroke="var(--danger)" dot={false} />
                </LineChart>
              </ResponsiveContainer>
            </div>
          )}
          <h2>Today by service</h2>
          {m.today.services.length === 0 ? (
            <p className="muted">No daily counts yet.</p>
          ) : (
            <>
              <div
                style={{ width: '100%', height: 240, overflow: 'hidden' }}
                role="img"
                aria-label="Requests today by service chart"
              >
                <ResponsiveContainer>
                  <BarChart data={m.today.services}>
                    <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" />
                    <XAxis dataKey="serviceName" stroke="var(--fg-muted)" />
                    <YAxis stroke="var(--fg-muted)" allowDecimals={false} />
                    <Tooltip />
                    <Bar dataKey="requestCount" name="requests" fill="var(--accent)" />
                  </BarChart>
                </ResponsiveContainer>
              </div>
              {/* The chart's numbers as text: readable without hovering, and by screen readers. */}
              <table className="data-table">
                <caption>Requests today ({m.today.date}, UTC, as last rolled up)</caption>
                <thead>
                  <tr>
                    <th scope="col">Service</th>
                    <th scope="col">Requests</th>
                  </tr>
                </thead>
                <tbody>
                  {m.today.services.map((s) => (
                    <tr key={s.serviceName}>
                      <td>{s.serviceName}</td>
                      <td>{s.requestCount}</td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr>
                    <th scope="row">Total</th>
                    <td>{m.today.total}</td>
                  </tr>
                </tfoot>
              </table>
            </>
          )}
          {m.last24h.byService.length > 0 && (
            <table className="data-table">
              <caption>Per service, last 24 hours</caption>
              <thead>
                <tr>
                  <th scope="col">Service</th>
                  <th scope="col">Requests</th>
                  <th scope="col">Error rate</th>
                  <th scope="col">p95</th>
                </tr>
              </thead>
              <tbody>
                {m.last24h.byService.map((s) => (
                  <tr key={s.service}>
                    <td>{s.service}</td>
                    <td>{s.requests}</td>
                    <td>{formatErrorRate(s.errorRate)}</td>
                    <td>{formatLatency(s.p95Ms, s.requests)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </Page>
  );
}
