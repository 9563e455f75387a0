import { All, Controller, UseFilters } from '@nestjs/common';
import { AuthError } from '../http/auth-error';
import { AuthErrorFilter } from '../http/auth-error.filter';

/**
 * Any other path under /auth/v1 (registered after every other controller): a 404 in the
 * Supabase error shape. Nest's own not-found handler only sees the global filters, which answer
 * in the platform's shape, so the unknown paths get a route of their own.
 */
@Controller('auth/v1')
@UseFilters(AuthErrorFilter)
export class NotFoundController {
  @All('{*path}')
  notFound(): never {
    throw new AuthError(404, 'not_found', 'Not found');
  }
}
