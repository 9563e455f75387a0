import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, DATABASE, type Clock, type Database, type VerifiedUser } from '@pt/platform';
import { FeedTokensRepository, type ActiveFeedToken } from '../repositories/feed-tokens.repository';

/** base64url of 32 random bytes: 256 bits, far beyond guessing. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The revocable tokens of private feeds. The token exists in the answer that creates it and in the
 * user's feed reader; the database keeps its hash, so the URL cannot be shown again, only replaced.
 */
@Injectable()
export class FeedTokensService {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly tokens: FeedTokensRepository,
  ) {}

  async current(user: VerifiedUser): Promise<ActiveFeedToken | undefined> {
    return this.tokens.findActiveByUser(this.db, user.id);
  }

  /** A new token for the user; the one before (if any) stops working in the same transaction. */
  async rotate(user: VerifiedUser): Promise<{ token: string; createdAt: Date }> {
    const token = randomBytes(32).toString('base64url');
    const createdAt = this.clock.now();
    await this.db.transaction(async (tx) => {
      // Two rotations at once take turns: otherwise both would insert an active token and the
      // second would break the one-active-token index.
      await this.tokens.lockUser(tx, user.id);
      await this.tokens.revokeActive(tx, user.id, createdAt);
      await this.tokens.insert(tx, {
        id: randomUUID(),
        userId: user.id,
        tokenHash: hashOf(token),
        createdAt,
      });
    });
    return { token, createdAt };
  }

  async revoke(user: VerifiedUser): Promise<void> {
    await this.tokens.revokeActive(this.db, user.id, this.clock.now());
  }

  /** Whose feed a token opens; undefined for anything malformed, unknown or revoked. */
  async resolve(token: string): Promise<ActiveFeedToken | undefined> {
    if (!TOKEN_SHAPE.test(token)) return undefined;
    return this.tokens.findActiveByHash(this.db, hashOf(token));
  }
}
