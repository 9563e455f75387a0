import { z } from 'zod';
import { baseEnv, infraEnv, port, requiredUrl } from '@pt/platform';

const serviceUrl = requiredUrl(['http:', 'https:'], 'HTTP');

/** Peers allowed to set X-Forwarded-For: `loopback`, addresses/CIDRs, or a hop count. */
export const trustProxy = z
  .string()
  .regex(/^[\w.:/, -]+$/, 'must be loopback, a comma list of addresses/CIDRs, or a hop count')
  .default('loopback');

/** The gateway's own process (distributed mode): where each service listens. */
export const gatewayEnvSchema = z.object({
  ...baseEnv,
  PORT: port(8080),
  AUTH_URL: serviceUrl,
  CATALOG_URL: serviceUrl,
  PRICING_URL: serviceUrl,
  WISHLIST_URL: serviceUrl,
  ALERT_NOTIFIER_URL: serviceUrl,
  SETTINGS_URL: serviceUrl,
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: trustProxy,
  /** Set by the distributed runner while the demo marketplaces run (see demoImageOrigins). */
  DEMO_IMAGE_ORIGINS: z.string().optional(),
  // settings.changed (maintenance, SSE) and request logs travel on the bus; rate limits share Redis.
  REDIS_URL: infraEnv.REDIS_URL,
  EVENT_BUS: infraEnv.EVENT_BUS,
  KAFKA_BROKERS: infraEnv.KAFKA_BROKERS,
  EVENT_STREAM_MAX_AGE_MS: infraEnv.EVENT_STREAM_MAX_AGE_MS,
  EVENT_GROUP_IDLE_MS: infraEnv.EVENT_GROUP_IDLE_MS,
  KAFKA_TOPIC_PREFIX: infraEnv.KAFKA_TOPIC_PREFIX,
});
export type GatewayEnv = z.infer<typeof gatewayEnvSchema>;
