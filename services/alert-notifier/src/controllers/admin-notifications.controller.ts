import { Controller, Get, Headers, HttpCode, Inject, Post } from '@nestjs/common';
import { Queues, type EmailQueueStatus } from '@pt/contracts';
import { DATABASE, JOB_QUEUE, type Database, type JobQueue } from '@pt/platform';
import { NotificationsRepository } from '../repositories/notifications.repository';
import { EmailQueueService } from '../services/email-queue.service';
import { signedInAdmin, type HeaderBag } from './current-user';

/**
 * The email queue for operators: queue counts, notifications by status, and the
 * price-drop emails that ran out of retries (kept as failed), which an admin can send again.
 * No addresses are shown: the list names notifications, not people.
 */
@Controller('api/v1/admin/notifications/emails')
export class AdminNotificationsController {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    private readonly notifications: NotificationsRepository,
    private readonly emails: EmailQueueService,
  ) {}

  @Get()
  async status(@Headers() headers: HeaderBag): Promise<EmailQueueStatus> {
    await signedInAdmin(headers);
    const [counts, byStatus, failed] = await Promise.all([
      this.queue.counts(Queues.email),
      this.notifications.countByStatus(this.db),
      this.notifications.listFailed(this.db, 100),
    ]);
    return {
      queue: { kind: this.queue.kind, ...counts },
      notifications: byStatus,
      failed: failed.map((f) => ({
        notificationId: f.id,
        attempts: Number(f.attempts),
        error: f.lastError ?? '',
        createdAt: new Date(f.createdAt).toISOString(),
      })),
    };
  }

  @Post('retry-failed')
  @HttpCode(200)
  async retryFailed(@Headers() headers: HeaderBag): Promise<{ requeued: number }> {
    await signedInAdmin(headers);
    const ids = await this.notifications.requeueFailed(this.db);
    await this.emails.enqueuePriceDrops(ids);
    return { requeued: ids.length };
  }
}
