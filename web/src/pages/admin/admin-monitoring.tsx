import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { MonitoringEvent, StoredMonitoringEvent } from '@pt/contracts';
import { adminKeys, fetchMonitoringEvents } from '../../modules/admin/api/admin-api';
import { monitor } from '../../modules/monitoring/api/reporter';
import { Skeleton } from '../../ui/loading-screen';
import { Page } from '../../ui/page';

function EventTable({
  caption,
  events,
}: {
  caption: string;
  events: readonly (MonitoringEvent | StoredMonitoringEvent)[];
}) {
  return (
    <table className="data-table dense">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Time</th>
          <th scope="col">Type</th>
          <th scope="col">Component</th>
          <th scope="col">Severity</th>
          <th scope="col">Details</th>
          <th scope="col">Context</th>
        </tr>
      </thead>
      <tbody>
        {events.map((e, i) => (
          <tr key={'id' in e ? e.id : `${e.timestamp}-${i}`}>
            <td>{new Date('receivedAt' in e ? e.receivedAt : e.timestamp).toLocaleString()}</td>
            <td>{e.type}</td>
            <td>{e.component}</td>
            <td>{e.severity}</td>
            <td>
              <code>{JSON.stringify(e.details)}</code>
            </td>
            <td>
              <code>{JSON.stringify(e.context ?? {})}</code>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Errors browsers reported to the server (every user), then the client monitor of this browser. */
function ReportedEvents() {
  const q = useQuery({
    queryKey: adminKeys.monitoring,
    queryFn: fetchMonitoringEvents,
    refetchInterval: 15_000,
  });
  if (q.isLoading) return <Skeleton lines={4} label="Loading reported events" />;
  if (q.isError || !q.data)
    return (
      <p className="form-error" role="alert">
        Reported events are unavailable{q.error ? `: ${q.error.message}` : ''}
      </p>
    );
  const { summary, events } = q.data;
  return (
    <>
      <dl className="stat-grid">
        <div className="stat">
          <dt>Reports (30 min)</dt>
          <dd>{summary.total}</dd>
        </div>
        <div className="stat">
          <dt>High or critical</dt>
          <dd>{summary.bySeverity.high + summary.bySeverity.critical}</dd>
        </div>
        <div className="stat">
          <dt>Medium</dt>
          <dd>{summary.bySeverity.medium}</dd>
        </div>
      </dl>
      <div className="row" style={{ margin: '1rem 0' }}>
        <button type="button" className="btn btn-sm" onClick={() => void q.refetch()}>
          Refresh reports
        </button>
      </div>
      {events.length === 0 ? (
        <p>No errors reported by browsers.</p>
      ) : (
        <EventTable caption="Reported by browsers (newest first)" events={events} />
      )}
    </>
  );
}

/** Client monitoring: reports from every browser, and this browser's own monitor (§3, §9). */
export default function AdminMonitoring() {
  const [, refresh] = useState(0);
  const health = monitor.health();
  const events = [...monitor.list()].reverse().slice(0, 100);
  return (
    <Page title="Client monitoring">
      <h2>Reported errors</h2>
      <ReportedEvents />
      <h2>This browser</h2>
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
        <EventTable caption="Recorded in this browser (newest first)" events={events} />
      )}
    </Page>
  );
}
