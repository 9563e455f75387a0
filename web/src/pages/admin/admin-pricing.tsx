import { useQuery } from '@tanstack/react-query';
import { adminKeys, fetchPricingStatus } from '../../modules/admin/api/admin-api';
import { Skeleton } from '../../ui/loading-screen';
import { Page } from '../../ui/page';

/** Queues, quota shares, freshness and failures from the pricing service's status endpoint. */
export default function AdminPricing() {
  const q = useQuery({ queryKey: adminKeys.pricing, queryFn: fetchPricingStatus, refetchInterval: 15_000 });
  if (q.isLoading)
    return (
      <Page title="Pricing status">
        <Skeleton lines={4} label="Loading pricing status" />
      </Page>
    );
  if (q.isError || !q.data)
    return (
      <Page title="Pricing status">
        <p className="form-error" role="alert">
          Pricing status is unavailable{q.error ? `: ${q.error.message}` : ''}
        </p>
      </Page>
    );
  const s = q.data;
  return (
    <Page title="Pricing status">
      <p className="muted">
        As of {new Date(s.at).toLocaleString()} · workers {s.workers} · scheduler waiting{' '}
        {s.scheduler.waiting}
      </p>
      <table className="data-table">
        <caption>Marketplaces</caption>
        <thead>
          <tr>
            <th scope="col">Marketplace</th>
            <th scope="col">Waiting</th>
            <th scope="col">Active</th>
            <th scope="col">Delayed</th>
            <th scope="col">Failed</th>
            <th scope="col">API calls today / quota</th>
            <th scope="col">Listings</th>
          </tr>
        </thead>
        <tbody>
          {Object.entries(s.marketplaces).map(([name, m]) => (
            <tr key={name}>
              <td>{name}</td>
              <td>{m.queue.waiting}</td>
              <td>{m.queue.active}</td>
              <td>{m.queue.delayed}</td>
              <td>{m.queue.failed}</td>
              <td>
                {m.apiCalls.today} / {m.apiCalls.quotaPerDay} (
                {m.apiCalls.quotaPerDay ? Math.round((m.apiCalls.today / m.apiCalls.quotaPerDay) * 100) : 0}%)
              </td>
              <td>
                {Object.entries(m.listings)
                  .map(([k, v]) => `${k}: ${v}`)
                  .join(', ')}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>Pipeline</h2>
      <dl className="stat-grid">
        <div className="stat">
          <dt>Price changes</dt>
          <dd>{s.process.priceChanges}</dd>
        </div>
        <div className="stat">
          <dt>Drops</dt>
          <dd>{s.process.drops}</dd>
        </div>
        {Object.entries(s.process.observations).map(([k, v]) => (
          <div className="stat" key={`obs-${k}`}>
            <dt>Observations {k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
        {Object.entries(s.process.rejected).map(([k, v]) => (
          <div className="stat" key={`rej-${k}`}>
            <dt>Rejected {k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
        {Object.entries(s.process.pollJobs).map(([k, v]) => (
          <div className="stat" key={`poll-${k}`}>
            <dt>Poll jobs {k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
    </Page>
  );
}
