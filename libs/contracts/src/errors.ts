import { z } from 'zod';

/** The error body every HTTP API answers with: `{ error: { code, message, details? } }`. */
export const ErrorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.unknown().optional(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
