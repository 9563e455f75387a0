import { createParamDecorator, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import type { ApiRoute } from '@pt/contracts';
import { Endpoint, ENDPOINT_METADATA, type EndpointOptions } from '@pt/platform';
import { SessionsService, type Authenticated } from '../services/sessions.service';
import { parseBody } from './bodies';
import { bearerToken } from './request-context';

const SIGNED_IN = Symbol('signedIn');
type AuthRequest = Request & { [SIGNED_IN]?: Authenticated };

/**
 * Auth's access check for `user` routes: the bearer token, verified here against its session
 * (auth issues the tokens; the gateway forwards /auth/v1 without an identity of its own), refused
 * in GoTrue's codes: no_authorization, bad_jwt, session_not_found, user_not_found.
 */
@Injectable()
export class SessionAccessGuard implements CanActivate {
  constructor(private readonly sessions: SessionsService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const { route } = Reflect.getMetadata(ENDPOINT_METADATA, context.getHandler()) as { route: ApiRoute };
    if (route.access === 'public') return true;
    if (route.access !== 'user') throw new Error(`auth has no ${route.access} routes (${route.path})`);
    const req = context.switchToHttp().getRequest<AuthRequest>();
    req[SIGNED_IN] = await this.sessions.authenticate(bearerToken(req));
    return true;
  }
}

/** The signed-in caller of a `user` route, as SessionAccessGuard verified it. */
export const SignedIn = createParamDecorator((_data: unknown, context: ExecutionContext): Authenticated => {
  const caller = context.switchToHttp().getRequest<AuthRequest>()[SIGNED_IN];
  if (!caller) throw new Error('@SignedIn() needs a user route of @AuthEndpoint()');
  return caller;
});

/**
 * `@Endpoint` for /auth/v1: the entry's route, status, schemas and declared error codes, with
 * auth's own bearer-token check and GoTrue's first-problem validation message.
 */
export const AuthEndpoint = (
  key: string,
  options: Pick<EndpointOptions, 'bodyCheckedByUseCase' | 'queryCheckedByUseCase'> = {},
): MethodDecorator => Endpoint(key, { ...options, access: SessionAccessGuard, parse: parseBody });
