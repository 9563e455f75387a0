import type { EventEnvelope } from '@pt/contracts';
import { quoteIdent, type Database, type Queryable } from '../database';
import type { EventHandler, HandlerContext } from './event-bus.port';

export type IdempotentHandler = (
  envelope: EventEnvelope,
  tx: Queryable,
  ctx: HandlerContext,
) => Promise<void>;

/**
 * Wraps a handler so a redelivered event is a no-op: in ONE transaction it records (group, event
 * id) in `<schema>.processed_events` and runs the handler only when the record is new. A handler
 * that throws rolls the record back, so the retry runs it again. The handler must write through
 * `tx`, or its writes are not covered.
 */
export function idempotent(
  db: Database,
  schema: string,
  group: string,
  handler: IdempotentHandler,
): EventHandler {
  const table = `${quoteIdent(schema)}.processed_events`;
  return (envelope, ctx) =>
    db.transaction(async (tx) => {
      const inserted = await tx.query(
        `INSERT INTO ${table} (consumer_group, event_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING event_id`,
        [group, envelope.id],
      );
      if (inserted.rows.length === 0) return;
      await handler(envelope, tx, ctx);
    });
}
