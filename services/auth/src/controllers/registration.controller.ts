import { Controller, Inject, Req, Res, UseFilters } from '@nestjs/common';
import type { Request, Response } from 'express';
import {
  VerifyLinkQuerySchema,
  type RecoverRequestSchema,
  type RedirectToQuerySchema,
  type ResendRequestSchema,
  type SignupRequestSchema,
  type VerifyRequestSchema,
} from '@pt/contracts';
import { Input } from '@pt/platform';
import type { z } from 'zod';
import { AUTH_CONFIG } from '../tokens';
import type { AuthConfig } from '../config';
import { AuthEndpoint } from '../http/auth-endpoint';
import { AuthError } from '../http/auth-error';
import { AuthErrorFilter } from '../http/auth-error.filter';
import { parseBody } from '../http/bodies';
import { requestMeta } from '../http/request-context';
import { RegistrationService, type EmailOtpType } from '../services/registration.service';
import { safeRedirect, withFragment, withQuery } from '../services/redirects';
import { validEmail } from '../services/validation';

type RedirectQuery = z.infer<typeof RedirectToQuerySchema>;

/** `email` is GoTrue's newer name for a signup confirmation. */
const otpType = (type: 'signup' | 'email' | 'recovery'): EmailOtpType =>
  type === 'recovery' ? 'recovery' : 'signup';

const redirectParam = (value: unknown): string | undefined =>
  typeof value === 'string' && value ? value : undefined;

/** POST /signup, POST /resend, POST /recover, GET and POST /verify. */
@Controller()
@UseFilters(AuthErrorFilter)
export class RegistrationController {
  constructor(
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
    private readonly registration: RegistrationService,
  ) {}

  @AuthEndpoint('POST /auth/v1/signup')
  signup(
    @Input('body') input: z.infer<typeof SignupRequestSchema>,
    @Input('query') query: RedirectQuery,
    @Req() req: Request,
  ) {
    return this.registration.signup(
      {
        email: input.email,
        password: input.password,
        data: input.data ?? {},
        redirectTo: redirectParam(query.redirect_to),
      },
      requestMeta(req, this.config),
    );
  }

  @AuthEndpoint('POST /auth/v1/resend')
  async resend(
    @Input('body') input: z.infer<typeof ResendRequestSchema>,
    @Input('query') query: RedirectQuery,
    @Req() req: Request,
  ) {
    await this.registration.resend(
      input.email,
      redirectParam(query.redirect_to),
      requestMeta(req, this.config),
    );
    return {};
  }

  /** What `resetPasswordForEmail` sends: `{}` whether or not the address has an account. */
  @AuthEndpoint('POST /auth/v1/recover')
  async recover(
    @Input('body') input: z.infer<typeof RecoverRequestSchema>,
    @Input('query') query: RedirectQuery,
    @Req() req: Request,
  ) {
    await this.registration.recover(
      input.email,
      redirectParam(query.redirect_to),
      requestMeta(req, this.config),
    );
    return {};
  }

  /** What `verifyOtp({ type, token_hash })` sends (the web app's token processor): a session. */
  @AuthEndpoint('POST /auth/v1/verify')
  verify(@Input('body') input: z.infer<typeof VerifyRequestSchema>, @Req() req: Request) {
    if (input.email !== undefined) validEmail(input.email);
    return this.registration.verify(otpType(input.type), input.token_hash, requestMeta(req, this.config));
  }

  /**
   * The link in the confirmation email. Always answers with a redirect to the site: the session
   * (or the error) travels in the fragment, or — with AUTH_VERIFY_REDIRECT=token — the unused
   * token goes on as `?token=…&type=signup` for the web app to verify. So the query is checked
   * here, where a bad one still redirects, not before the handler.
   */
  @AuthEndpoint('GET /auth/v1/verify', { queryCheckedByUseCase: true })
  async verifyLink(@Input('query') query: unknown, @Req() req: Request, @Res() res: Response): Promise<void> {
    const raw = (query ?? {}) as Record<string, unknown>;
    const target = safeRedirect(redirectParam(raw.redirect_to), this.config);
    try {
      const input = parseBody(VerifyLinkQuerySchema, raw);
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
