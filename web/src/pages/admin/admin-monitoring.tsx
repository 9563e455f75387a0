import { useState } from 'react';
import { monitor } from '../../modules/monitoring/api/reporter';
import { Page } from '../../ui/page';

/** The client monitor of this browser: health over the last 30 minutes and the recorded events. */
export default function AdminMonitoring() {
  const [, refresh] = useState(0);
  const health = monitor.health();
  const events = [...monitor.list()].reverse().slice(0, 100);
  return (
    <Page title="Client monitoring">
      <dl className="stat-grid">
        <div className="stat">
          <dt>Status (30 min)</dt>
          <dd>{health.status}</dd>
        </div>
        <div className="stat">
          <dt>Events</dt>
          <dd>{health.total}</dd>
        </div>
        <div className="stat">
          <dt>Errors</dt>
          <dd>{health.errors}</dd>
        </div>
      </dl>
      <div className="row" style={{ margin: '1rem 0' }}>
        <button type="button" className="btn btn-sm" onClick={() => refresh((n) => n + 1)}>
          Refresh
        </button>
        <button
          type="button"
          className="btn btn-sm"
          onClick={() => {
            monitor.clear();
            refresh((n) => n + 1);
          }}
        >
          Clear
        </button>
      </div>
      {events.length === 0 ? (
        <p>No events recorded in this browser.</p>
      ) : (
        <table className="data-table dense">
          <thead>
            <tr>
              <th scope="col">Time</th>
              <th scope="col">Type</th>
              <th scope="col">Component</th>
              <th scope="col">Severity</th>
              <th scope="col">Details</th>
            </tr>
          </thead>
          <tbody>
            {events.map((e, i) => (
              <tr key={`${e.timestamp}-${i}`}>
                <td>{new Date(e.timestamp).toLocaleTimeString()}</td>
                <td>{e.type}</td>
                <td>{e.component}</td>
                <td>{e.severity}</td>
                <td>
                  <code>{JSON.stringify(e.details)}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Page>
  );
}
