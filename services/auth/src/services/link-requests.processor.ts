import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { DATABASE, LOGGER, type Database, type Logger, type Queryable } from '@pt/platform';
import { LinkRequestsRepository, type LinkRequest } from '../repositories/link-requests.repository';
import { UsersRepository } from '../repositories/users.repository';
import { EmailLinksService } from './email-links.service';

/** How often the queue is looked at besides the nudge each request gives (rows of a process that died). */
export const LINK_REQUEST_SWEEP_MS = 5_000;

/**
 * Fulfils queued resend and recovery requests in the background: the request
 * answered after queueing a row, whatever the address. Here the address is looked up and, when it
 * has an account (unconfirmed, for a resend), its link made and its email asked for — each request
 * in its own transaction with the row's deletion, so a crash leaves it queued for the next sweep.
 */
@Injectable()
export class LinkRequestsProcessor implements OnModuleInit, OnModuleDestroy {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private again = false;
  private closed = false;

  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly requests: LinkRequestsRepository,
    private readonly users: UsersRepository,
    private readonly links: EmailLinksService,
  ) {}

  onModuleInit(): void {
    this.timer = setInterval(() => this.nudge(), LINK_REQUEST_SWEEP_MS);
    this.timer.unref();
    this.nudge();
  }

  async onModuleDestroy(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    await this.running;
  }

  /** Works the queue now (or right after the round under way). */
  nudge(): void {
    if (this.closed) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain().finally(() => {
      this.running = undefined;
      if (this.again) {
        this.again = false;
        this.nudge();
      }
    });
  }

  private async drain(): Promise<void> {
    for (;;) {
      let taken: LinkRequest | undefined;
      try {
        taken = await this.db.transaction(async (tx) => {
          const request = await this.requests.takeOldest(tx);
          if (request) await this.fulfil(tx, request);
          return request;
        });
      } catch (error) {
        // Only the database can fail here; the request stays queued for the next sweep.
        this.logger.warn({ err: error }, 'a link request could not be fulfilled; it stays queued');
        return;
      }
      if (!taken || this.closed) return;
    }
  }

  private async fulfil(tx: Queryable, r: LinkRequest): Promise<void> {
    const user = await this.users.findByEmail(r.email, tx);
    if (!user || (r.kind === 'resend' && user.email_confirmed_at)) return;
    await this.links.request(tx, user, r.kind, r.redirectTo ?? undefined, new Date(r.requestedAt));
  }
}
