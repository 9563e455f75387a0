import { z } from 'zod';

/** Building blocks for each process's environment schema (one schema per process). */

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);

export const port = (fallback: number) =>
  z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ message: 'must be a port number' })
      .int('must be a whole number')
      .min(0, 'must be between 0 and 65535')
      .max(65535, 'must be between 0 and 65535')
      .default(fallback),
  );

const urlWithProtocols = (protocols: string[], what: string) =>
  z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    `must be a ${what} URL (${protocols.map((p) => `${p}//`).join(' or ')})`,
  );

export const optionalUrl = (protocols: string[], what: string) =>
  z.preprocess(emptyToUndefined, urlWithProtocols(protocols, what).optional());

export const requiredUrl = (protocols: string[], what: string) => urlWithProtocols(protocols, what);

export const databaseUrl = optionalUrl(['postgres:', 'postgresql:'], 'PostgreSQL');
export const redisUrl = optionalUrl(['redis:', 'rediss:'], 'Redis');
export const smtpUrl = optionalUrl(['smtp:', 'smtps:'], 'SMTP');
export const httpUrl = optionalUrl(['http:', 'https:'], 'HTTP');

export const logLevel = z.preprocess(
  emptyToUndefined,
  z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
);

export const eventBusKind = z.preprocess(emptyToUndefined, z.enum(['memory', 'redis', 'kafka']).optional());

export const commaList = z.preprocess(
  (value) =>
    typeof value === 'string'
      ? value
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : value === undefined
        ? []
        : value,
  z.array(z.string()),
);

/** Kafka allows only these characters in topic names (and caps them at 249). */
export const kafkaTopicPrefix = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .max(100)
    .regex(/^[A-Za-z0-9._-]+$/, 'may hold only letters, digits, ".", "_" and "-" (Kafka topic names)')
    .optional(),
);

/**
 * The interface a process listens on: loopback unless told otherwise, so a
 * service started on a laptop or a shared host is not reachable from the network by accident.
 * Containers set `HOST=0.0.0.0` (deploy/Dockerfile, docker-compose.yml, k8s ConfigMap), where the
 * pod or container network is the boundary and NetworkPolicies decide who may connect.
 */
export const listenHost = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .regex(/^[A-Za-z0-9.:-]{1,253}$/, 'must be an address or host name such as 127.0.0.1 or 0.0.0.0')
    .default('127.0.0.1'),
);

/**
 * The bearer token `/metrics` requires on every process; unset,
 * no process serves metrics.
 */
export const metricsToken = z.preprocess(
  emptyToUndefined,
  z.string().min(16, 'must be at least 16 characters').optional(),
);

/**
 * How long a stopping server keeps answering the requests it already has; then
 * it closes every connection. An orchestrator's grace period (k8s terminationGracePeriodSeconds,
 * compose stop_grace_period) must be longer: the drain, then the process's own clean-up.
 */
export const DEFAULT_SHUTDOWN_DRAIN_MS = 10_000;

export const shutdownDrainMs = z.preprocess(
  emptyToUndefined,
  z.coerce
    .number({ message: 'must be a number of milliseconds' })
    .int('must be a whole number')
    .min(0, 'must be 0 or more')
    .max(600_000, 'must be at most 600000 (10 min)')
    .default(DEFAULT_SHUTDOWN_DRAIN_MS),
);

/** Variables every process reads. */
export const baseEnv = {
  NODE_ENV: z.preprocess(
    emptyToUndefined,
    z.enum(['development', 'production', 'test']).default('development'),
  ),
  LOG_LEVEL: logLevel,
  OTEL_EXPORTER_OTLP_ENDPOINT: httpUrl,
  HOST: listenHost,
  METRICS_TOKEN: metricsToken,
  /** A stop answers in-flight requests for at most this long, then closes every connection. */
  SHUTDOWN_DRAIN_MS: shutdownDrainMs,
  /**
   * How long a critical dependency (a service's database) may fail without one success before
   * `/readyz` answers 503; a blip shorter than this never takes a pod out of its
   * Service. Observed dependencies (bus, queue) never fail readiness. 30 s; 0 = at once.
   */
  READINESS_GRACE_MS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(0, 'must be 0 or more (ms)').default(30_000),
  ),
};

/** Variables of a process that owns state (a service or the embedded host). */
export const infraEnv = {
  DATABASE_URL: databaseUrl,
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('./.data')),
  REDIS_URL: redisUrl,
  EVENT_BUS: eventBusKind,
  KAFKA_BROKERS: commaList,
  KAFKA_TOPIC_PREFIX: kafkaTopicPrefix,
  SMTP_URL: smtpUrl,
  MAIL_FROM: z.preprocess(
    emptyToUndefined,
    z.string().default('Price Tracker <no-reply@price-tracker.local>'),
  ),
  /** BullMQ: how long a dead worker's job waits before another worker takes it (see createJobQueue). */
  JOB_STALLED_MS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1000, 'must be at least 1000 (ms)').optional(),
  ),
  /**
   * Redis Streams: entries older than this are trimmed from every stream, besides the count cap
   * (1 h; 0 = by count only). A consumer group stopped for longer misses what was trimmed.
   */
  EVENT_STREAM_MAX_AGE_MS: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number()
      .int()
      .min(0, 'must be 0 or more (ms)')
      .default(60 * 60 * 1000),
  ),
  /** Redis Streams: a per-process consumer group silent this long is destroyed (10 min). */
  EVENT_GROUP_IDLE_MS: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number()
      .int()
      .min(1000, 'must be at least 1000 (ms)')
      .default(10 * 60 * 1000),
  ),
  /** How long relayed outbox rows are kept to be replayed if the bus comes back empty (15 min). */
  OUTBOX_REPLAY_WINDOW_MS: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number()
      .int()
      .min(0, 'must be 0 or more')
      .default(15 * 60 * 1000),
  ),
};
