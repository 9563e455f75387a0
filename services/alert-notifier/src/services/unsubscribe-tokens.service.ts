import { createHmac, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type Database } from '@pt/platform';
import type { NotifierConfig } from '../config';
import { SigningSecretsRepository } from '../repositories/signing-secrets.repository';
import { NOTIFIER_CONFIG } from '../tokens';

export interface UnsubscribeClaim {
  alertId: string;
  issuedAt?: Date;
}

/** The one thing these tokens allow. A token signed for anything else is refused. */
const PURPOSE = 'alert-unsubscribe';

/**
 * Signed, single-purpose unsubscribe links (RFC 8058 one-click): the token names one alert and
 * when its email was issued, under an HMAC-SHA256 with a server key, so it works without signing in
 * and cannot be forged for another alert. It does not expire — an old email's link must still work
 * — but it only switches off the alert as it was when mailed: once the user turns the alert back
 * on, links issued before that are stale (UnsubscribeService).
 */
@Injectable()
export class UnsubscribeTokens {
  private secret?: Promise<string>;

  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(NOTIFIER_CONFIG) private readonly config: NotifierConfig,
    private readonly secrets: SigningSecretsRepository,
  ) {}

  /** A link for `alertId` in an email issued at `issuedAt` (the crossing's time: retries sign alike). */
  async sign(alertId: string, issuedAt: Date): Promise<string> {
    const claims = { p: PURPOSE, a: alertId, t: issuedAt.getTime() };
    const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
    return `${payload}.${this.mac(await this.key(), payload)}`;
  }

  /**
   * The alert a token names and when its email was issued (absent in links mailed before tokens
   * carried it), or undefined for anything not signed by us for this purpose.
   */
  async verify(token: string): Promise<UnsubscribeClaim | undefined> {
    const [payload, mac, extra] = token.split('.');
    if (!payload || !mac || extra !== undefined) return undefined;
    const expected = Buffer.from(this.mac(await this.key(), payload));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    try {
      const body = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
        p?: unknown;
        a?: unknown;
        t?: unknown;
      };
      if (body.p !== PURPOSE || typeof body.a !== 'string') return undefined;
      return { alertId: body.a, issuedAt: typeof body.t === 'number' ? new Date(body.t) : undefined };
    } catch {
      return undefined;
    }
  }

  private mac(key: string, payload: string): string {
    return createHmac('sha256', key).update(`${PURPOSE}:${payload}`).digest('base64url');
  }

  private key(): Promise<string> {
    this.secret ??= this.config.unsubscribeSecret
      ? Promise.resolve(this.config.unsubscribeSecret)
      : this.secrets.getOrCreate(this.db, PURPOSE).catch((error: unknown) => {
          this.secret = undefined;
          throw error;
        });
    return this.secret;
  }
}
