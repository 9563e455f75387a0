import { Inject, Injectable } from '@nestjs/common';
import { Topics, type EventEnvelope } from '@pt/contracts';
import {
  DATABASE,
  idempotent,
  OnEvent,
  LOGGER,
  type Database,
  type HandlerContext,
  type Logger,
  payloadOf,
} from '@pt/platform';
import { WishlistsService } from '../services/wishlists.service';
import { WISHLIST_SCHEMA } from '../tokens';

/** Consumer group of account changes. Persisted — never rename. */
export const USERS_GROUP = 'wishlist.users';

/** auth.user-changed {deleted} → the user's wishlists and items are erased. Other changes are ignored. */
@Injectable()
export class UserChangedConsumer {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly wishlists: WishlistsService,
  ) {}

  @OnEvent(Topics.authUserChanged, USERS_GROUP)
  handle(envelope: EventEnvelope, ctx: HandlerContext): Promise<void> {
    return idempotent(this.db, WISHLIST_SCHEMA, USERS_GROUP, async (e, tx) => {
      const { userId, change } = payloadOf(Topics.authUserChanged, e);
      if (change !== 'deleted') return;
      const erased = await this.wishlists.eraseUser(tx, userId);
      this.logger.info({ userId, erased }, 'erased the wishlists of a deleted user');
    })(envelope, ctx);
  }
}
