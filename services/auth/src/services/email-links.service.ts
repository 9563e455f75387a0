import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { emailLinkToken, type Queryable } from '@pt/platform';
import type { AuthConfig } from '../config';
import { OneTimeTokensRepository } from '../repositories/one-time-tokens.repository';
import { UsersRepository, type UserRow } from '../repositories/users.repository';
import { AUTH_CONFIG } from '../tokens';
import { recordEmailRequested } from './auth-events';
import { safeRedirect, withQuery } from './redirects';
import { hashSecret } from './secrets';

/** Confirmation links work for 24 hours. */
export const CONFIRMATION_TTL_MS = 24 * 60 * 60 * 1000;
/** Recovery links work for 1 hour. */
export const RECOVERY_TTL_MS = 60 * 60 * 1000;

/** The confirmation and recovery links sent by email. */
@Injectable()
export class EmailLinksService {
  constructor(
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
    private readonly users: UsersRepository,
    private readonly tokens: OneTimeTokensRepository,
  ) {}

  /** Confirmation (signup, resend) or recovery link: stores the token's hash, asks for the email. */
  async request(
    tx: Queryable,
    user: UserRow,
    kind: 'signup' | 'resend' | 'recovery',
    redirectTo: string | undefined,
    now: Date,
  ): Promise<UserRow> {
    const recovery = kind === 'recovery';
    const linkId = randomUUID();
    await this.tokens.replace(
      {
        hash: hashSecret(emailLinkToken(linkId)),
        userId: user.id,
        type: recovery ? 'recovery' : 'confirmation',
        expiresAt: new Date(now.getTime() + (recovery ? RECOVERY_TTL_MS : CONFIRMATION_TTL_MS)),
      },
      now,
      tx,
    );
    if (!recovery) await this.users.markConfirmationSent(user.id, now, tx);
    // The web app's token processor (spec §2): it confirms with POST /verify, so a mail scanner
    // that fetches the link confirms nothing.
    const linkUrl = withQuery(safeRedirect(redirectTo, this.config), {
      type: recovery ? 'recovery' : 'signup',
    });
    await recordEmailRequested(tx, user, { kind, linkUrl, linkId }, now);
    return recovery ? user : { ...user, confirmation_sent_at: now };
  }
}
