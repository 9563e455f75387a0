import { Body, Controller, Get, HttpCode, Inject, Post, Query, Req, Res, UseFilters } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AUTH_CONFIG } from '../tokens';
import type { AuthConfig } from '../config';
import { AuthError } from '../http/auth-error';
import { AuthErrorFilter } from '../http/auth-error.filter';
import { parseBody, RecoverBody, ResendBody, SignupBody, VerifyBody, VerifyQuery } from '../http/bodies';
import { requestMeta } from '../http/request-context';
import { RegistrationService, type EmailOtpType } from '../services/registration.service';
import { safeRedirect, withFragment, withQuery } from '../services/redirects';
import { validEmail } from '../services/validation';

/** `email` is GoTrue's newer name for a signup confirmation. */
const otpType = (type: 'signup' | 'email' | 'recovery'): EmailOtpType =>
  type === 'recovery' ? 'recovery' : 'signup';

const redirectParam = (value: unknown): string | undefined =>
  typeof value === 'string' && value ? value : undefined;

/** POST /signup, POST /resend, POST /recover, GET and POST /verify. */
@Controller('auth/v1')
@UseFilters(AuthErrorFilter)
export class RegistrationController {
  constructor(
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
    private readonly registration: RegistrationService,
  ) {}

  @Post('signup')
  @HttpCode(200)
  signup(@Body() body: unknown, @Query('redirect_to') redirectTo: unknown, @Req() req: Request) {
    const input = parseBody(SignupBody, body);
    return this.registration.signup(
      {
        email: input.email,
        password: input.password,
        data: input.data ?? {},
        redirectTo: redirectParam(redirectTo),
      },
      requestMeta(req, this.config),
    );
  }

  @Post('resend')
  @HttpCode(200)
  async resend(@Body() body: unknown, @Query('redirect_to') redirectTo: unknown, @Req() req: Request) {
    const input = parseBody(ResendBody, body);
    await this.registration.resend(input.email, redirectParam(redirectTo), requestMeta(req, this.config));
    return {};
  }

  /** What `resetPasswordForEmail` sends: `{}` whether or not the address has an account. */
  @Post('recover')
  @HttpCode(200)
  async recover(@Body() body: unknown, @Query('redirect_to') redirectTo: unknown, @Req() req: Request) {
    const input = parseBody(RecoverBody, body);
    await this.registration.recover(input.email, redirectParam(redirectTo), requestMeta(req, this.config));
    return {};
  }

  /** What `verifyOtp({ type, token_hash })` sends (the web app's token processor): a session. */
  @Post('verify')
  @HttpCode(200)
  verify(@Body() body: unknown, @Req() req: Request) {
    const input = parseBody(VerifyBody, body);
    if (input.email !== undefined) validEmail(input.email);
    return this.registration.verify(otpType(input.type), input.token_hash, requestMeta(req, this.config));
  }

  /**
   * The link in the confirmation email. Always answers with a redirect to the site: the session
   * (or the error) travels in the fragment, or — with AUTH_VERIFY_REDIRECT=token — the unused
   * token goes on as `?token=…&type=signup` for the web app to verify.
   */
  @Get('verify')
  async verifyLink(@Query() query: unknown, @Req() req: Request, @Res() res: Response): Promise<void> {
    const raw = (query ?? {}) as Record<string, unknown>;
    const target = safeRedirect(redirectParam(raw.redirect_to), this.config);
    try {
      const input = parseBody(VerifyQuery, raw);
      const type = otpType(input.type);
      if (this.config.verifyRedirect === 'token') {
        res.redirect(303, withQuery(target, { token: input.token, type }));
        return;
      }
      const session = await this.registration.verify(type, input.token, requestMeta(req, this.config));
      res.redirect(
        303,
        withFragment(target, {
          access_token: session.access_token,
          expires_at: session.expires_at,
          expires_in: session.expires_in,
          refresh_token: session.refresh_token,
          token_type: session.token_type,
          type,
        }),
      );
    } catch (error) {
      if (!(error instanceof AuthError)) throw error;
      const kind =
        error.status === 429
          ? 'too_many_requests'
          : error.code === 'validation_failed'
            ? 'invalid_request'
            : 'access_denied';
      res.redirect(
        303,
        withFragment(target, { error: kind, error_code: error.code, error_description: error.message }),
      );
    }
  }
}
