import { Inject, Injectable } from '@nestjs/common';
import type { NotificationPreferences, UpdateNotificationPreferences } from '@pt/contracts';
import { canonicalTimeZone, DEFAULT_DIGEST_PREFERENCES, DEFAULT_USER_PREFERENCES } from '@pt/domain';
import { AppError, CLOCK, DATABASE, type Clock, type Database, type VerifiedUser } from '@pt/platform';
import { ContactsRepository, type ContactRow } from '../repositories/contacts.repository';

const view = (contact: ContactRow | undefined): NotificationPreferences => ({
  notifications: contact?.notifications ?? DEFAULT_USER_PREFERENCES.notifications,
  delivery: contact?.delivery ?? DEFAULT_DIGEST_PREFERENCES.delivery,
  digestHour: contact ? Number(contact.digestHour) : DEFAULT_DIGEST_PREFERENCES.digestHour,
  timeZone: contact?.timeZone ?? DEFAULT_DIGEST_PREFERENCES.timeZone,
});

/**
 * §3 User preferences `notifications` (default true): whether price emails go out at all; and
 * the delivery choice: instant emails or one daily digest at a local hour in the user's zone.
 */
@Injectable()
export class PreferencesService {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly contacts: ContactsRepository,
  ) {}

  async get(user: VerifiedUser): Promise<NotificationPreferences> {
    return view(await this.contacts.find(this.db, user.id));
  }

  /**
   * Changes the fields given. Switching from digest back to instant keeps the waiting items: they
   * go out in one last digest at the user's hour (the digest scan does not look at the mode).
   */
  async set(user: VerifiedUser, change: UpdateNotificationPreferences): Promise<NotificationPreferences> {
    // The contract already refused unknown zones; this stores the canonical spelling.
    const timeZone = change.timeZone === undefined ? undefined : canonicalTimeZone(change.timeZone);
    if (change.timeZone !== undefined && !timeZone)
      throw AppError.badRequest('Unknown time zone', undefined, 'invalid_time_zone');
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      if (user.email) await this.contacts.seedFromSignIn(tx, user.id, user.email, now);
      if (change.notifications !== undefined)
        await this.contacts.setNotifications(tx, user.id, change.notifications, now);
      await this.contacts.setDelivery(
        tx,
        user.id,
        {
          ...(change.delivery ? { delivery: change.delivery } : {}),
          ...(change.digestHour !== undefined ? { digestHour: change.digestHour } : {}),
          ...(timeZone ? { timeZone } : {}),
        },
        now,
      );
      return view(await this.contacts.find(tx, user.id));
    });
  }
}
