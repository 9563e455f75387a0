import {
  applyDecorators,
  createParamDecorator,
  HttpCode,
  RequestMapping,
  RequestMethod,
  SetMetadata,
  UseGuards,
  UseInterceptors,
  type CallHandler,
  type CanActivate,
  type ExecutionContext,
  type NestInterceptor,
  type Type,
} from '@nestjs/common';
import { apiRoute, errorCodesOf, routeKeyOf, routeOf, type ApiRoute, type HttpMethod } from '@pt/contracts';
import type { Request } from 'express';
import type { Observable } from 'rxjs';
import type { z } from 'zod';
import { AppError } from './errors';
import { requireAdmin, requireUser, verifiedUser, type VerifiedUser } from './user-context';
import { parseRequest } from './validation';

/** Nest metadata of a handler declared with `@Endpoint`: its API_ROUTES entry. */
export const ENDPOINT_METADATA = 'pt:endpoint';

export interface EndpointOptions {
  /**
   * The use case checks the body itself, because its own limits must answer first (monitoring
   * reports: the rate limit, then the size, then the shape). The entry's body schema still
   * documents it.
   */
  bodyCheckedByUseCase?: boolean;
  /** As `bodyCheckedByUseCase`, for the query (auth's OAuth start answers a browser with a redirect). */
  queryCheckedByUseCase?: boolean;
  /**
   * Checks the route's access level in place of the gateway's signed identity: auth issues the
   * tokens that identity is made from, so it verifies the bearer token itself (with its own codes).
   * Runs after the route is recorded, before the inputs are parsed.
   */
  access?: Type<CanActivate>;
  /**
   * Parses an input with its schema in place of `parseRequest`: auth answers the first problem in
   * GoTrue's words, which `@supabase/auth-js` clients show.
   */
  parse?: (schema: z.ZodType, value: unknown, what: string) => unknown;
}

interface EndpointMeta {
  route: ApiRoute;
  options: EndpointOptions;
}

interface RouteInputs {
  params?: unknown;
  query?: unknown;
  body?: unknown;
}

const ROUTE = Symbol('apiRoute');
const CALLER = Symbol('caller');
const INPUTS = Symbol('routeInputs');
type EndpointRequest = Request & {
  [ROUTE]?: ApiRoute;
  [CALLER]?: VerifiedUser;
  [INPUTS]?: RouteInputs;
};

const METHODS: Record<HttpMethod, RequestMethod> = {
  get: RequestMethod.GET,
  post: RequestMethod.POST,
  put: RequestMethod.PUT,
  patch: RequestMethod.PATCH,
  delete: RequestMethod.DELETE,
};

/** OpenAPI's `{id}` → express's `:id`. */
const expressPath = (template: string) => template.replace(/\{([^}]+)\}/g, ':$1');

function endpointOf(context: ExecutionContext): EndpointMeta {
  return Reflect.getMetadata(ENDPOINT_METADATA, context.getHandler()) as EndpointMeta;
}

/**
 * The route's access level, checked before anything else of the route runs (body errors and
 * validation answer after it): `user` and `admin` need the gateway's signed identity of a session
 * that was not revoked (401 `unauthorized` / `session_revoked`), `admin` also the role (403).
 * `optional` reads the identity when there is one; `public` reads none.
 */
class RouteAccessGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const { route, options } = endpointOf(context);
    const req = context.switchToHttp().getRequest<EndpointRequest>();
    req[ROUTE] = route;
    if (options.access) return true;
    switch (route.access) {
      case 'user':
        req[CALLER] = requireUser(req.headers);
        break;
      case 'admin':
        req[CALLER] = requireAdmin(req.headers);
        break;
      case 'optional':
        req[CALLER] = verifiedUser(req.headers);
        break;
      case 'public':
        break;
    }
    return true;
  }
}

/**
 * Parses the path parameters, query and body with the entry's schemas, in that order, before the
 * handler runs: a failure is 400 `validation_failed` naming each bad field.
 */
class RouteInputInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const { route, options } = endpointOf(context);
    const req = context.switchToHttp().getRequest<EndpointRequest>();
    const parse = options.parse ?? parseRequest;
    const inputs: RouteInputs = {};
    if (route.params) inputs.params = parse(route.params, req.params, 'path parameters');
    if (route.query && !options.queryCheckedByUseCase) inputs.query = parse(route.query, req.query, 'query');
    else inputs.query = req.query as unknown;
    if (route.body && !options.bodyCheckedByUseCase)
      inputs.body = parse(route.body, req.body, 'request body');
    else inputs.body = req.body as unknown;
    req[INPUTS] = inputs;
    return next.handle();
  }
}

const accessGuard = new RouteAccessGuard();
const inputInterceptor = new RouteInputInterceptor();

/**
 * Serves one API_ROUTES entry, named by its key (`'GET /api/v1/products/{id}'`): registers its
 * method and path (a key the list lacks stops the service from loading), answers its success
 * status, enforces its access level and validates its inputs with its schemas. The handler reads
 * them with `@Input('params' | 'query' | 'body')` and the caller with `@Caller()`. Declare the
 * controller with a bare `@Controller()`: the path is the entry's, whole.
 */
export function Endpoint(key: string, options: EndpointOptions = {}): MethodDecorator {
  const route = apiRoute(key);
  if (route.service === 'gateway') throw new Error(`${key} is answered by the gateway, not a service`);
  const decorators: MethodDecorator[] = [
    RequestMapping({ path: expressPath(route.path), method: METHODS[route.method] }),
    SetMetadata(ENDPOINT_METADATA, { route, options } satisfies EndpointMeta),
    UseGuards(accessGuard, ...(options.access ? [options.access] : [])),
    UseInterceptors(inputInterceptor),
  ];
  // Redirects and the error-only route set their own status; Nest's POST default (201) is not ours.
  if (route.response.status < 300) decorators.push(HttpCode(route.response.status));
  return applyDecorators(...decorators);
}

/** The route's parsed path parameters, query or body (the entry's schema's output). */
export const Input = createParamDecorator((part: keyof RouteInputs, context: ExecutionContext) => {
  const inputs = context.switchToHttp().getRequest<EndpointRequest>()[INPUTS];
  if (!inputs) throw new Error('@Input() needs @Endpoint() on the handler');
  return inputs[part];
});

/**
 * The verified caller: always set on `user` and `admin` routes, set or undefined on `optional`
 * ones, undefined on `public` ones. Never take a user id from anywhere else.
 */
export const Caller = createParamDecorator(
  (_data: unknown, context: ExecutionContext): VerifiedUser | undefined =>
    context.switchToHttp().getRequest<EndpointRequest>()[CALLER],
);

/** The error answer when undeclared codes are refused (PT_STRICT_ERROR_CODES=1, set for tests). */
export const UNDECLARED_ERROR_CODE = 'undeclared_error_code';

/**
 * Whether an answered error code is one its route declares (`errorCodesOf`). Requests that reached
 * no API_ROUTES entry (unknown paths, health probes) declare nothing and pass.
 */
export function undeclaredErrorCode(req: Request, code: string): string | undefined {
  const route = (req as EndpointRequest)[ROUTE] ?? routeOf(req.method, req.path);
  if (!route || route.service === 'gateway') return undefined;
  if (errorCodesOf(route).includes(code)) return undefined;
  return `${routeKeyOf(route)} answered '${code}', which its API_ROUTES entry does not declare (errors: [${route.errors.join(', ')}])`;
}

/** True where an undeclared code must fail loudly instead of reaching the client (tests). */
export const strictErrorCodes = (): boolean => process.env.PT_STRICT_ERROR_CODES === '1';

/** The 500 that replaces an undeclared code under strict checking. */
export const undeclaredErrorCodeError = (message: string): AppError =>
  new AppError(500, UNDECLARED_ERROR_CODE, message);
