import { Inject, Injectable } from '@nestjs/common';
import { Topics, type EventEnvelope } from '@pt/contracts';
import {
  CLOCK,
  DATABASE,
  idempotent,
  OnEvent,
  type Clock,
  type Database,
  type HandlerContext,
  payloadOf,
} from '@pt/platform';
import { ContactsRepository } from '../repositories/contacts.repository';
import { FeedTokensRepository } from '../repositories/feed-tokens.repository';
import { WishlistDropsRepository } from '../repositories/wishlist-drops.repository';
import { AlertsService } from '../services/alerts.service';
import { NOTIFIER_SCHEMA } from '../tokens';

/** Consumer group on auth.user-changed. Persisted — never rename. */
export const USER_CHANGED_GROUP = 'alert-notifier.user-changed';

/**
 * auth.user-changed → the contacts projection (email, confirmed, name, deleted). A deleted user
 * loses their alerts (and their listings this reason to be polled) and their private feed with its
 * wishlist drops; their address is forgotten.
 */
@Injectable()
export class UserChangedConsumer {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly contacts: ContactsRepository,
    private readonly alerts: AlertsService,
    private readonly feedTokens: FeedTokensRepository,
    private readonly wishlistDrops: WishlistDropsRepository,
  ) {}

  @OnEvent(Topics.authUserChanged, USER_CHANGED_GROUP)
  handle(envelope: EventEnvelope, ctx: HandlerContext): Promise<void> {
    return idempotent(this.db, NOTIFIER_SCHEMA, USER_CHANGED_GROUP, async (e, tx) => {
      const change = payloadOf(Topics.authUserChanged, e);
      const now = this.clock.now();
      switch (change.change) {
        case 'deleted':
          await this.contacts.applyUserChange(tx, { userId: change.userId, deleted: true }, now);
          await this.alerts.removeAllOf(tx, change.userId);
          await this.feedTokens.deleteByUser(tx, change.userId);
          await this.wishlistDrops.deleteByUser(tx, change.userId);
          return;
        case 'created':
          // New contacts start unconfirmed (the column's default); a replayed "created" never
          // takes a confirmation back.
          await this.contacts.applyUserChange(
            tx,
            { userId: change.userId, email: change.email, name: change.name },
            now,
          );
          return;
        case 'confirmed':
          await this.contacts.applyUserChange(
            tx,
            { userId: change.userId, email: change.email, name: change.name, confirmed: true },
            now,
          );
          return;
        case 'updated':
          await this.contacts.applyUserChange(
            tx,
            { userId: change.userId, email: change.email, name: change.name },
            now,
          );
          return;
      }
    })(envelope, ctx);
  }
}
