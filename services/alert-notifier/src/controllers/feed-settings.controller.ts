import { Controller, Inject } from '@nestjs/common';
import type { AlertFeedResponse } from '@pt/contracts';
import { Caller, Endpoint, type VerifiedUser } from '@pt/platform';
import type { AppLinks } from '../services/app-links';
import { FeedTokensService } from '../services/feed-tokens.service';
import { APP_LINKS } from '../tokens';

/**
 * The signed-in user's private feed switch. Registered before AlertsController, whose `:id` routes
 * would otherwise take `feed` for an alert id.
 */
@Controller()
export class FeedSettingsController {
  constructor(
    private readonly tokens: FeedTokensService,
    @Inject(APP_LINKS) private readonly links: AppLinks,
  ) {}

  @Endpoint('GET /api/v1/alerts/feed')
  async current(@Caller() user: VerifiedUser): Promise<AlertFeedResponse> {
    const active = await this.tokens.current(user);
    return { feed: active ? { createdAt: active.createdAt.toISOString() } : null };
  }

  /** Turns the feed on, or replaces its URL: the old URL answers 404 from now on. */
  @Endpoint('POST /api/v1/alerts/feed')
  async rotate(@Caller() user: VerifiedUser): Promise<AlertFeedResponse> {
    const { token, createdAt } = await this.tokens.rotate(user);
    return { feed: { createdAt: createdAt.toISOString(), url: this.links.privateFeed(token) } };
  }

  @Endpoint('DELETE /api/v1/alerts/feed')
  async revoke(@Caller() user: VerifiedUser): Promise<void> {
    await this.tokens.revoke(user);
  }
}
