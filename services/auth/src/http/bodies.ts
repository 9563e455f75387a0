import type { z } from 'zod';
import { AuthError } from './auth-error';

/**
 * Parses with a schema (auth's request schemas are libs/contracts auth-requests.ts); the first
 * problem becomes validation_failed (400), as Supabase reports one. A missing body reads as `{}`,
 * so its first required field is what the answer names.
 */
export function parseBody<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw AuthError.validation(issue?.message ?? 'Invalid request');
}
