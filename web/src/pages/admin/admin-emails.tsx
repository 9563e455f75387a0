import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EmailQueueStatus } from '@pt/contracts';
import { adminKeys, fetchEmailStatus, retryFailedEmails } from '../../modules/admin/api/admin-api';
import { Skeleton } from '../../ui/loading-screen';
import { Page } from '../../ui/page';

type Failure = { id: string; kind: string; attempts: number; error: string; createdAt: string };

function failuresOf(s: EmailQueueStatus): Failure[] {
  return [
    ...s.failed.map((f) => ({ id: f.notificationId, kind: 'Price drop', ...f })),
    ...s.failedDigests.map((f) => ({ id: f.digestId, kind: 'Daily digest', ...f })),
  ].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

function StatusCounts({ title, counts }: { title: string; counts: Record<string, number> }) {
  const entries = Object.entries(counts).sort(([a], [b]) => a.localeCompare(b));
  return (
    <section aria-label={title}>
      <h2>{title}</h2>
      {entries.length === 0 ? (
        <p className="muted">None yet.</p>
      ) : (
        <dl className="stat-grid">
          {entries.map(([status, n]) => (
            <div className="stat" key={status}>
              <dt>{status}</dt>
              <dd>{n}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

/**
 * Email delivery for operators: the queue, price-drop emails and daily digests by status, and the
 * ones that ran out of retries, with one button to send those again (once SMTP is back).
 */
export default function AdminEmails() {
  const client = useQueryClient();
  const q = useQuery({ queryKey: adminKeys.emails, queryFn: fetchEmailStatus, refetchInterval: 15_000 });
  const retry = useMutation({
    mutationFn: retryFailedEmails,
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.emails }),
  });
  if (q.isLoading)
    return (
      <Page title="Email delivery">
        <Skeleton lines={4} label="Loading email delivery" />
      </Page>
    );
  if (q.isError || !q.data)
    return (
      <Page title="Email delivery">
        <p className="form-error" role="alert">
          Email delivery status is unavailable{q.error ? `: ${q.error.message}` : ''}
        </p>
      </Page>
    );
  const s = q.data;
  const failures = failuresOf(s);
  return (
    <Page title="Email delivery">
      <p className="muted">
        Queue ({s.queue.kind}): waiting {s.queue.waiting} · active {s.queue.active} · delayed{' '}
        {s.queue.delayed} · failed {s.queue.failed}
      </p>
      <StatusCounts title="Price-drop emails" counts={s.notifications} />
      <StatusCounts title="Daily digests" counts={s.digests} />
      <section aria-label="Failed emails">
        <h2>Failed emails</h2>
        {failures.length === 0 ? (
          <p>No failed emails.</p>
        ) : (
          <>
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">Kind</th>
                  <th scope="col">Created</th>
                  <th scope="col">Attempts</th>
                  <th scope="col">Last error</th>
                </tr>
              </thead>
              <tbody>
                {failures.map((f) => (
                  <tr key={f.id}>
                    <td>{f.kind}</td>
                    <td>{new Date(f.createdAt).toLocaleString()}</td>
                    <td>{f.attempts}</td>
                    <td>{f.error}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <button
              type="button"
              className="btn btn-primary"
              disabled={retry.isPending}
              onClick={() => retry.mutate()}
            >
              Send failed emails again
            </button>
          </>
        )}
        {retry.data && (
          <p role="status">
            Queued again: {retry.data.requeued} price-drop email{retry.data.requeued === 1 ? '' : 's'},{' '}
            {retry.data.requeuedDigests} digest{retry.data.requeuedDigests === 1 ? '' : 's'}.
          </p>
        )}
        {retry.isError && (
          <p className="form-error" role="alert">
            Could not queue them again: {retry.error.message}
          </p>
        )}
      </section>
    </Page>
  );
}
