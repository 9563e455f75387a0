import { Controller, Get, Inject, Query, Req, Res, UseFilters } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AUTH_CONFIG } from '../tokens';
import type { AuthConfig } from '../config';
import { AuthErrorFilter } from '../http/auth-error.filter';
import { requestMeta } from '../http/request-context';
import { OAuthService, type CallbackQuery } from '../services/oauth.service';

const text = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined);

/** GET /authorize → the provider → GET /callback → the site. */
@Controller('auth/v1')
@UseFilters(AuthErrorFilter)
export class OAuthController {
  constructor(
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
    private readonly oauth: OAuthService,
  ) {}

  @Get('authorize')
  async authorize(
    @Query() query: Record<string, unknown>,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const url = await this.oauth.authorize(
      text(query.provider),
      text(query.redirect_to),
      requestMeta(req, this.config),
    );
    res.redirect(302, url);
  }

  @Get('callback')
  async callback(
    @Query() query: Record<string, unknown>,
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
