import { Controller, Delete, Get, Headers, HttpCode, Inject, Post } from '@nestjs/common';
import type { AlertFeedResponse } from '@pt/contracts';
import type { AppLinks } from '../services/app-links';
import { FeedTokensService } from '../services/feed-tokens.service';
import { APP_LINKS } from '../tokens';
import { signedInUser, type HeaderBag } from './current-user';

/**
 * The signed-in user's private feed switch. Registered before AlertsController, whose `:id` routes
 * would otherwise take `feed` for an alert id.
 */
@Controller('api/v1/alerts/feed')
export class FeedSettingsController {
  constructor(
    private readonly tokens: FeedTokensService,
    @Inject(APP_LINKS) private readonly links: AppLinks,
  ) {}

  @Get()
  async current(@Headers() headers: HeaderBag): Promise<AlertFeedResponse> {
    const active = await this.tokens.current(await signedInUser(headers));
    return { feed: active ? { createdAt: active.createdAt.toISOString() } : null };
  }

  /** Turns the feed on, or replaces its URL: the old URL answers 404 from now on. */
  @Post()
  async rotate(@Headers() headers: HeaderBag): Promise<AlertFeedResponse> {
    const { token, createdAt } = await this.tokens.rotate(await signedInUser(headers));
    return { feed: { createdAt: createdAt.toISOString(), url: this.links.privateFeed(token) } };
  }

  @Delete()
  @HttpCode(204)
  async revoke(@Headers() headers: HeaderBag): Promise<void> {
    await this.tokens.revoke(await signedInUser(headers));
  }
}
