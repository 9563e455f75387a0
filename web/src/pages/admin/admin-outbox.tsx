import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../lib/api';
import type { OutboxMail } from '@pt/contracts';
import { adminKeys, fetchOutbox } from '../../modules/admin/api/admin-api';
import { Skeleton } from '../../ui/loading-screen';
import { Page } from '../../ui/page';

/** The embedded mode's outbox (mail written to files instead of sent). */
export default function AdminOutbox() {
  const q = useQuery({ queryKey: adminKeys.outbox, queryFn: fetchOutbox, retry: 0, refetchInterval: 10_000 });
  const [open, setOpen] = useState<string | null>(null);
  const mails: OutboxMail[] = q.data?.messages ?? [];
  return (
    <Page title="Outbox">
      {q.isLoading && <Skeleton lines={4} label="Loading mail" />}
      {q.isError && (
        <p className="muted" role="status">
          {q.error instanceof ApiError && q.error.status === 404
            ? 'No outbox here: this host sends mail over SMTP (the outbox exists in the embedded mode).'
            : `The outbox is unavailable: ${q.error.message}`}
        </p>
      )}
      {q.data && mails.length === 0 && <p>No mail sent yet.</p>}
      {mails.length > 0 && (
        <ul style={{ listStyle: 'none', padding: 0 }}>
          {mails.map((m) => (
            <li key={m.id} className="card" style={{ marginBottom: '0.5rem' }}>
              <button
                type="button"
                className="btn-link"
                aria-expanded={open === m.id}
                onClick={() => setOpen(open === m.id ? null : m.id)}
              >
                {m.subject}
              </button>
              <span className="muted">
                {' '}
                to {m.to} · {new Date(m.createdAt).toLocaleString()}
              </span>
              {open === m.id && <pre className="mail-body">{m.text}</pre>}
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}
