import { Inject, Injectable } from '@nestjs/common';
import type { NotificationPreferences } from '@pt/contracts';
import { DEFAULT_USER_PREFERENCES } from '@pt/domain';
import { CLOCK, DATABASE, type Clock, type Database, type VerifiedUser } from '@pt/platform';
import { ContactsRepository } from '../repositories/contacts.repository';

/** §3 User preferences `notifications` (default true): whether price emails go out at all. */
@Injectable()
export class PreferencesService {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly contacts: ContactsRepository,
  ) {}

  async get(user: VerifiedUser): Promise<NotificationPreferences> {
    const contact = await this.contacts.find(this.db, user.id);
    return { notifications: contact?.notifications ?? DEFAULT_USER_PREFERENCES.notifications };
  }

  async set(user: VerifiedUser, preferences: NotificationPreferences): Promise<NotificationPreferences> {
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      if (user.email) await this.contacts.seedFromSignIn(tx, user.id, user.email, now);
      await this.contacts.setNotifications(tx, user.id, preferences.notifications, now);
    });
    return preferences;
  }
}
