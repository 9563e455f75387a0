import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type Database, type Queryable } from '@pt/platform';

export interface LinkRequest {
  id: string;
  email: string;
  kind: 'resend' | 'recovery';
  redirectTo: string | null;
  requestedAt: Date;
}

/** auth.link_requests: resend and recovery requests queued until the processor fulfils them. */
@Injectable()
export class LinkRequestsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async enqueue(request: Omit<LinkRequest, 'id'>): Promise<void> {
    await this.db.query(
      `INSERT INTO auth.link_requests (id, email, kind, redirect_to, requested_at) VALUES ($1, $2, $3, $4, $5)`,
      [randomUUID(), request.email, request.kind, request.redirectTo, request.requestedAt],
    );
  }

  /**
   * Takes the oldest waiting request in the caller's transaction: deleted now, back if the
   * transaction rolls back. SKIP LOCKED lets several auth processes work the queue side by side.
   */
  async takeOldest(tx: Queryable): Promise<LinkRequest | undefined> {
    const { rows } = await tx.query<LinkRequest>(
      `DELETE FROM auth.link_requests WHERE id = (
         SELECT id FROM auth.link_requests ORDER BY requested_at LIMIT 1 FOR UPDATE SKIP LOCKED
       ) RETURNING id, email, kind, redirect_to AS "redirectTo", requested_at AS "requestedAt"`,
    );
    return rows[0];
  }
}
