import { Controller, Inject } from '@nestjs/common';
import { Queues, type EmailQueueStatus, type EmailRetryResponse } from '@pt/contracts';
import { DATABASE, Endpoint, JOB_QUEUE, type Database, type JobQueue } from '@pt/platform';
import { DigestsRepository } from '../repositories/digests.repository';
import { NotificationsRepository } from '../repositories/notifications.repository';
import type { FailedSend } from '../repositories/send-lease';
import { EmailQueueService } from '../services/email-queue.service';

/**
 * The email queue for operators: queue counts, price-drop notifications and daily digests by
 * status, and the ones that ran out of retries (kept as failed), which an admin can send again.
 * No addresses are shown: the list names notifications, not people.
 */
@Controller()
export class AdminNotificationsController {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    private readonly notifications: NotificationsRepository,
    private readonly digests: DigestsRepository,
    private readonly emails: EmailQueueService,
  ) {}

  @Endpoint('GET /api/v1/admin/notifications/emails')
  async status(): Promise<EmailQueueStatus> {
    const [counts, byStatus, failed, digests, failedDigests] = await Promise.all([
      this.queue.counts(Queues.email),
      this.notifications.countByStatus(this.db),
      this.notifications.listFailed(this.db, 100),
      this.digests.countByStatus(this.db),
      this.digests.listFailed(this.db, 100),
    ]);
    return {
      queue: { kind: this.queue.kind, ...counts },
      notifications: byStatus,
      failed: failed.map((f) => ({ notificationId: f.id, ...failure(f) })),
      digests,
      failedDigests: failedDigests.map((f) => ({ digestId: f.id, ...failure(f) })),
    };
  }

  @Endpoint('POST /api/v1/admin/notifications/emails/retry-failed')
  async retryFailed(): Promise<EmailRetryResponse> {
    const ids = await this.notifications.requeueFailed(this.db);
    await this.emails.enqueuePriceDrops(ids);
    const digestIds = await this.digests.requeueFailed(this.db);
    await this.emails.enqueueDigests(digestIds);
    return { requeued: ids.length, requeuedDigests: digestIds.length };
  }
}

function failure(f: FailedSend): { attempts: number; error: string; createdAt: string } {
  return { attempts: f.attempts, error: f.lastError ?? '', createdAt: new Date(f.createdAt).toISOString() };
}
