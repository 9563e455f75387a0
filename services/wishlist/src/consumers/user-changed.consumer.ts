import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { Topics } from '@pt/contracts';
import {
  DATABASE,
  EVENT_BUS,
  idempotent,
  LOGGER,
  type Database,
  type EventBus,
  type EventHandler,
  type Logger,
  type Subscription,
  payloadOf,
} from '@pt/platform';
import { WishlistsService } from '../services/wishlists.service';
import { WISHLIST_SCHEMA } from '../tokens';

/** Consumer group of account changes. Persisted — never rename. */
export const USERS_GROUP = 'wishlist.users';

/** auth.user-changed {deleted} → the user's wishlists and items are erased. Other changes are ignored. */
@Injectable()
export class UserChangedConsumer implements OnApplicationBootstrap, OnModuleDestroy {
  private subscription?: Subscription;

  constructor(
    @Inject(EVENT_BUS) private readonly bus: EventBus,
    @Inject(DATABASE) private readonly db: Database,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly wishlists: WishlistsService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.subscription = await this.bus.subscribe(Topics.authUserChanged, USERS_GROUP, this.handle);
  }

  async onModuleDestroy(): Promise<void> {
    await this.subscription?.close();
  }

  readonly handle: EventHandler = (envelope, ctx) =>
    idempotent(this.db, WISHLIST_SCHEMA, USERS_GROUP, async (e, tx) => {
      const { userId, change } = payloadOf(Topics.authUserChanged, e);
      if (change !== 'deleted') return;
      const erased = await this.wishlists.eraseUser(tx, userId);
      this.logger.info({ userId, erased }, 'erased the wishlists of a deleted user');
    })(envelope, ctx);
}
