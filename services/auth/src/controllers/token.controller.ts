import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Inject,
  Post,
  Put,
  Query,
  Req,
  UseFilters,
} from '@nestjs/common';
import type { Request } from 'express';
import { addressKey } from '@pt/platform';
import { AUTH_CONFIG } from '../tokens';
import type { AuthConfig } from '../config';
import { AuthError } from '../http/auth-error';
import { AuthErrorFilter } from '../http/auth-error.filter';
import { LogoutScope, parseBody, PasswordGrantBody, RefreshGrantBody, UpdateUserBody } from '../http/bodies';
import { bearerToken, clientIp, requestMeta } from '../http/request-context';
import { RateLimitsService } from '../services/rate-limits.service';
import { SessionsService } from '../services/sessions.service';
import { SignInService } from '../services/sign-in.service';
import { UsersService } from '../services/users.service';

/** POST /token, POST /logout and the signed-in user's /user. */
@Controller('auth/v1')
@UseFilters(AuthErrorFilter)
export class TokenController {
  constructor(
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
    private readonly signIn: SignInService,
    private readonly sessions: SessionsService,
    private readonly users: UsersService,
    private readonly limits: RateLimitsService,
  ) {}

  @Post('token')
  @HttpCode(200)
  async token(@Query('grant_type') grantType: unknown, @Body() body: unknown, @Req() req: Request) {
    switch (grantType) {
      case 'password': {
        const input = parseBody(PasswordGrantBody, body);
        return this.signIn.withPassword(input.email, input.password, requestMeta(req, this.config));
      }
      case 'refresh_token': {
        const input = parseBody(RefreshGrantBody, body);
        // Per IP: a stolen refresh token is 256 bits, so there is nothing to guess, only load to shed.
        await this.limits.request('refreshPerIp', addressKey(clientIp(req)));
        return this.sessions.refresh(input.refresh_token);
      }
      default:
        throw AuthError.validation('unsupported_grant_type');
    }
  }

  @Post('logout')
  @HttpCode(204)
  async logout(@Query('scope') scope: unknown, @Req() req: Request): Promise<void> {
    const parsedScope = scope === undefined ? 'global' : parseBody(LogoutScope, scope);
    const caller = await this.sessions.authenticate(bearerToken(req));
    await this.sessions.logout(caller, parsedScope);
  }

  @Get('user')
  async getUser(@Req() req: Request) {
    return this.users.get(await this.sessions.authenticate(bearerToken(req)));
  }

  @Put('user')
  async updateUser(@Body() body: unknown, @Req() req: Request) {
    const caller = await this.sessions.authenticate(bearerToken(req));
    const input = parseBody(UpdateUserBody, body);
    return this.users.update(caller, {
      data: input.data ?? undefined,
      email: input.email,
      password: input.password,
      currentPassword: input.current_password,
    });
  }

  /** Account deletion (the spec's data-deletion page): 204, and other services erase their data. */
  @Delete('user')
  @HttpCode(204)
  async deleteUser(@Req() req: Request): Promise<void> {
    await this.users.delete(await this.sessions.authenticate(bearerToken(req)));
  }
}
