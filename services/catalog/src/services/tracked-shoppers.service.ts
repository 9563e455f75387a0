import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, type Clock } from '@pt/platform';
import { TrackedReasonsRepository, type TrackedReason } from '../repositories/tracked-reasons.repository';

/** How long a user's "has tracked items" answer is reused before the projection is read again. */
export const TRACKED_ANSWER_TTL_MS = 60_000;
/** Answers kept in memory at most (oldest out first). */
const MAX_ANSWERS = 10_000;

/**
 * Whether a signed-in user tracks something: such users may spend the floor of
 * the marketplace budgets held back from everyone else. Read per request, so answers are kept for
 * a minute; this process's own writes drop a user's answer at once, another instance's show within
 * TRACKED_ANSWER_TTL_MS.
 */
@Injectable()
export class TrackedShoppersService {
  private readonly answers = new Map<string, { tracked: boolean; at: number }>();

  constructor(
    private readonly reasons: TrackedReasonsRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async record(reason: TrackedReason): Promise<void> {
    await this.reasons.save(reason);
    this.answers.delete(reason.userId);
  }

  async hasTracked(userId: string): Promise<boolean> {
    const now = this.clock.now().getTime();
    const known = this.answers.get(userId);
    if (known && now - known.at < TRACKED_ANSWER_TTL_MS) return known.tracked;
    const tracked = await this.reasons.hasTracked(userId);
    this.answers.delete(userId);
    this.answers.set(userId, { tracked, at: now });
    if (this.answers.size > MAX_ANSWERS) this.answers.delete(this.answers.keys().next().value as string);
    return tracked;
  }
}
