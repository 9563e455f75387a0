import { Controller, Inject, Req, UseFilters } from '@nestjs/common';
import type { Request } from 'express';
import {
  PasswordGrantRequestSchema,
  RefreshGrantRequestSchema,
  type LogoutQuerySchema,
  type TokenQuerySchema,
  type UpdateUserRequestSchema,
} from '@pt/contracts';
import { addressKey, Input } from '@pt/platform';
import type { z } from 'zod';
import { AUTH_CONFIG } from '../tokens';
import type { AuthConfig } from '../config';
import { AuthEndpoint, SignedIn } from '../http/auth-endpoint';
import { AuthErrorFilter } from '../http/auth-error.filter';
import { parseBody } from '../http/bodies';
import { clientIp, requestMeta } from '../http/request-context';
import { RateLimitsService } from '../services/rate-limits.service';
import { SessionsService, type Authenticated } from '../services/sessions.service';
import { SignInService } from '../services/sign-in.service';
import { UsersService } from '../services/users.service';

/** POST /token, POST /logout and the signed-in user's /user. */
@Controller()
@UseFilters(AuthErrorFilter)
export class TokenController {
  constructor(
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
    private readonly signIn: SignInService,
    private readonly sessions: SessionsService,
    private readonly users: UsersService,
    private readonly limits: RateLimitsService,
  ) {}

  /** The body's shape depends on the grant, so it is checked once the grant is known. */
  @AuthEndpoint('POST /auth/v1/token', { bodyCheckedByUseCase: true })
  async token(
    @Input('query') query: z.infer<typeof TokenQuerySchema>,
    @Input('body') body: unknown,
    @Req() req: Request,
  ) {
    switch (query.grant_type) {
      case 'password': {
        const input = parseBody(PasswordGrantRequestSchema, body);
        return this.signIn.withPassword(input.email, input.password, requestMeta(req, this.config));
      }
      case 'refresh_token': {
        const input = parseBody(RefreshGrantRequestSchema, body);
        // Per IP: a stolen refresh token is 256 bits, so there is nothing to guess, only load to shed.
        await this.limits.request('refreshPerIp', addressKey(clientIp(req)));
        return this.sessions.refresh(input.refresh_token);
      }
    }
  }

  @AuthEndpoint('POST /auth/v1/logout')
  async logout(
    @Input('query') query: z.infer<typeof LogoutQuerySchema>,
    @SignedIn() caller: Authenticated,
  ): Promise<void> {
    await this.sessions.logout(caller, query.scope);
  }

  @AuthEndpoint('GET /auth/v1/user')
  async getUser(@SignedIn() caller: Authenticated) {
    return this.users.get(caller);
  }

  @AuthEndpoint('PUT /auth/v1/user')
  async updateUser(
    @Input('body') input: z.infer<typeof UpdateUserRequestSchema>,
    @SignedIn() caller: Authenticated,
  ) {
    return this.users.update(caller, {
      data: input.data ?? undefined,
      email: input.email,
      password: input.password,
      currentPassword: input.current_password,
    });
  }

  /** Account deletion (the spec's data-deletion page): 204, and other services erase their data. */
  @AuthEndpoint('DELETE /auth/v1/user')
  async deleteUser(@SignedIn() caller: Authenticated): Promise<void> {
    await this.users.delete(caller);
  }
}
