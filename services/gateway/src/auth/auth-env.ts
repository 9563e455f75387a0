import { z } from 'zod';

/** The gateway's variables about access tokens (validated at boot with the rest of its env). */
export const gatewayAuthEnvSchema = z.object({
  /** Must match the auth service's AUTH_JWT_ISSUER; both default to the same value. */
  AUTH_JWT_ISSUER: z.preprocess((value) => (value === '' ? undefined : value), z.string().optional()),
});
