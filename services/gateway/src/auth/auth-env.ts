import { z } from 'zod';
import { commaList, eventBusKind, kafkaTopicPrefix, redisUrl } from '@pt/platform';

const optionalString = z.preprocess((value) => (value === '' ? undefined : value), z.string().optional());

/** The gateway's variables about access tokens (validated at boot with the rest of its env). */
export const gatewayAuthEnvSchema = z.object({
  /** Must match the auth service's AUTH_JWT_ISSUER; both default to the same value. */
  AUTH_JWT_ISSUER: optionalString,
  /**
   * The event bus the services use (redis or kafka), so that the gateway itself refuses tokens of
   * revoked sessions (`auth.session-revoked`); without it only the services do.
   */
  EVENT_BUS: eventBusKind,
  REDIS_URL: redisUrl,
  KAFKA_BROKERS: commaList,
  KAFKA_TOPIC_PREFIX: kafkaTopicPrefix,
});
export type GatewayAuthEnv = z.infer<typeof gatewayAuthEnvSchema>;
