import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { latestDueDigestDay } from '@pt/domain';
import { CLOCK, DATABASE, LOGGER, type Clock, type Database, type Logger } from '@pt/platform';
import type { NotifierConfig } from '../config';
import { DigestsRepository } from '../repositories/digests.repository';
import { NOTIFIER_CONFIG } from '../tokens';
import { EmailQueueService } from './email-queue.service';

/** Users looked at per tick; the rest are next tick's (oldest waiting first). */
const DUE_BATCH = 1000;

/**
 * The digest tick: every user whose local digest hour has come and who has crossings
 * waiting gets that day's digest claimed — the row unique per (user, local day), taken with its
 * crossings in one statement — and its email queued after the claim committed. Digests claimed
 * but never queued (a crash in between) or whose sender died mid-send are queued again here.
 */
@Injectable()
export class DigestSchedulerService {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(NOTIFIER_CONFIG) private readonly config: NotifierConfig,
    private readonly digests: DigestsRepository,
    private readonly emailQueue: EmailQueueService,
  ) {}

  async tick(): Promise<{ claimed: number; requeued: number }> {
    const now = this.clock.now();
    const claimed: string[] = [];
    for (const user of await this.digests.findWaitingUsers(this.db, DUE_BATCH)) {
      const day = latestDueDigestDay(now, user.timeZone, user.digestHour);
      if (user.earliestDay > day) continue;
      const id = await this.digests.claimDay(this.db, randomUUID(), user.userId, day, now);
      if (id) claimed.push(id);
    }
    await this.emailQueue.enqueueDigests(claimed);
    const stranded = await this.digests.findStranded(
      this.db,
      new Date(now.getTime() - this.config.email.strandedAfterMs),
      now,
      DUE_BATCH,
    );
    await this.emailQueue.enqueueDigests(stranded);
    if (claimed.length + stranded.length > 0)
      this.logger.info({ claimed: claimed.length, requeued: stranded.length }, 'digests queued');
    return { claimed: claimed.length, requeued: stranded.length };
  }
}
