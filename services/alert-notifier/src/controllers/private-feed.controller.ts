import { Controller, Res } from '@nestjs/common';
import { ATOM_CONTENT_TYPE } from '@pt/contracts';
import { Endpoint, Input } from '@pt/platform';
import type { Response } from 'express';
import { AlertFeedService } from '../services/alert-feed.service';

/**
 * The feed a reader polls with no session: the token in the path is the authorisation. Private to
 * its owner, so shared caches keep no copy and search engines list none.
 */
@Controller()
export class PrivateFeedController {
  constructor(private readonly feeds: AlertFeedService) {}

  /** Headers are set once the feed exists (Nest's @Header would put the Atom type on a 404 too). */
  @Endpoint('GET /api/v1/feeds/{token}.xml')
  async atom(
    @Input('params') { token }: { token: string },
    @Res({ passthrough: true }) res: Response,
  ): Promise<string> {
    const xml = await this.feeds.atom(token);
    res.setHeader('Content-Type', ATOM_CONTENT_TYPE);
    res.setHeader('Cache-Control', 'private, max-age=300');
    res.setHeader('X-Robots-Tag', 'noindex');
    res.setHeader('Referrer-Policy', 'no-referrer');
    return xml;
  }
}
