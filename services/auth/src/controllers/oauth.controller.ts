import { Controller, Inject, Req, Res, UseFilters } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Input } from '@pt/platform';
import { AUTH_CONFIG } from '../tokens';
import type { AuthConfig } from '../config';
import { AuthEndpoint } from '../http/auth-endpoint';
import { AuthError } from '../http/auth-error';
import { AuthErrorFilter } from '../http/auth-error.filter';
import { isBrowserNavigation } from '../http/navigation';
import { requestMeta } from '../http/request-context';
import { OAuthService, type CallbackQuery } from '../services/oauth.service';
import { oauthErrorRedirect } from '../services/redirects';

const text = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined);

/** GET /authorize → the provider → GET /callback → the site. */
@Controller()
@UseFilters(AuthErrorFilter)
export class OAuthController {
  constructor(
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
    private readonly oauth: OAuthService,
  ) {}

  /** The query is checked by the use case: a browser sent here with a bad one is redirected back. */
  @AuthEndpoint('GET /auth/v1/authorize', { queryCheckedByUseCase: true })
  async authorize(
    @Input('query') query: Record<string, unknown>,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const redirectTo = text(query.redirect_to);
    try {
      res.redirect(
        302,
        await this.oauth.authorize(text(query.provider), redirectTo, requestMeta(req, this.config)),
      );
    } catch (error) {
      // A browser sent here (a disabled provider's button, a stale link) lands back on the site
      // with the error in the fragment, as the callback reports its failures; API clients keep
      // GoTrue's JSON error.
      if (!(error instanceof AuthError) || !isBrowserNavigation(req)) throw error;
      res.redirect(302, oauthErrorRedirect(redirectTo, error, this.config));
    }
  }

  /** The provider's answer, whatever it is, ends in a redirect to the site (errors included). */
  @AuthEndpoint('GET /auth/v1/callback')
  async callback(
    @Input('query') query: Record<string, unknown>,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const params: CallbackQuery = {
      code: text(query.code),
      state: text(query.state),
      error: text(query.error),
      error_description: text(query.error_description),
    };
    res.redirect(303, await this.oauth.callback(params, requestMeta(req, this.config)));
  }
}
