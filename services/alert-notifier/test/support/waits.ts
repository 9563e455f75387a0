import { Queues } from '@pt/contracts';
import type { Database } from '@pt/platform';
import { eventually, type SinkMessage } from '@pt/testing';
import type { NotifierUnderTest } from './notifier-host';

/** Resolves once the consumer group recorded the event (its transaction committed). */
export async function processed(db: Database, eventId: string): Promise<void> {
  await eventually(
    async () => {
      const { rows } = await db.query(`SELECT 1 FROM alert_notifier.processed_events WHERE event_id = $1`, [
        eventId,
      ]);
      return rows.length > 0;
    },
    { what: `event ${eventId} processed`, timeoutMs: 30_000 },
  );
}

/**
 * The pipeline is idle: no email waiting or running, no notification pending or being sent. Only
 * then does "nothing more arrived" mean something.
 */
export async function settled(db: Database, host: NotifierUnderTest): Promise<void> {
  await eventually(
    async () => {
      const counts = await host.queue.counts(Queues.email);
      const { rows } = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM alert_notifier.notifications WHERE status IN ('pending', 'sending')`,
      );
      return counts.waiting + counts.active === 0 && Number(rows[0]?.n) === 0;
    },
    { what: 'email pipeline idle', timeoutMs: 30_000 },
  );
}

export const mailsTo = (messages: SinkMessage[], address: string): SinkMessage[] =>
  messages.filter((m) => m.envelope.to.includes(address));
