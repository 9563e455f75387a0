import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, typedQueries, type Database, type Queryable, type Selectable } from '@pt/platform';
import type { DB, LinkRequestsTable } from './schema';

type LinkRequestRow = Selectable<LinkRequestsTable>;

/** A queued request, in the processor's terms; its fields typed by the table's columns. */
export interface LinkRequest {
  id: LinkRequestRow['id'];
  email: LinkRequestRow['email'];
  /** The table's CHECK allows these two only. */
  kind: 'resend' | 'recovery';
  redirectTo: LinkRequestRow['redirect_to'];
  requestedAt: LinkRequestRow['requested_at'];
}

/** auth.link_requests: resend and recovery requests queued until the processor fulfils them. */
@Injectable()
export class LinkRequestsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async enqueue(request: Omit<LinkRequest, 'id'>): Promise<void> {
    await typedQueries<DB>(this.db)
      .insertInto('auth.link_requests')
      .values({
        id: randomUUID(),
        email: request.email,
        kind: request.kind,
        redirect_to: request.redirectTo,
        requested_at: request.requestedAt,
      })
      .execute();
  }

  /**
   * Takes the oldest waiting request in the caller's transaction: deleted now, back if the
   * transaction rolls back. SKIP LOCKED lets several auth processes work the queue side by side.
   */
  async takeOldest(tx: Queryable): Promise<LinkRequest | undefined> {
    return typedQueries<DB>(tx)
      .deleteFrom('auth.link_requests')
      .where('id', '=', (eb) =>
        eb
          .selectFrom('auth.link_requests')
          .select('id')
          .orderBy('requested_at')
          .limit(1)
          .forUpdate()
          .skipLocked(),
      )
      .returning(['id', 'email', 'kind', 'redirect_to as redirectTo', 'requested_at as requestedAt'])
      .$narrowType<{ kind: LinkRequest['kind'] }>()
      .executeTakeFirst();
  }
}
