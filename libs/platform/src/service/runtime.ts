import { z } from 'zod';
import { baseEnv, infraEnv, port } from '../config';
import type { Database } from '../database';
import { createDatabase } from '../database';
import { createEventBus, type EventBus } from '../events';
import { createJobQueue, type JobQueue } from '../jobs';
import { createLogger, type Logger, type LoggerOptions } from '../logger';
import { createMailer, type Mailer } from '../mail';
import { createRateLimiter, type RateLimiter } from '../rate-limit';
import { systemClock, type Clock } from './tokens';

/** The environment of a process that hosts services (one service, or all of them embedded). */
export const serviceEnvSchema = z.object({ ...baseEnv, ...infraEnv, PORT: port(8080) });
export type ServiceEnv = z.infer<typeof serviceEnvSchema>;

/** The adapters behind every port, picked from configuration alone (ARCHITECTURE §2). */
export interface Runtime {
  env: ServiceEnv;
  /** The raw environment, for service-specific schemas (ServiceDefinition.envSchema). */
  rawEnv: Record<string, string | undefined>;
  logger: Logger;
  db: Database;
  bus: EventBus;
  queue: JobQueue;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  clock: Clock;
  close(): Promise<void>;
}

export async function createRuntime(
  env: ServiceEnv,
  name: string,
  rawEnv: Record<string, string | undefined> = process.env,
  /** Where log lines go (stdout by default); tests read them back. */
  logDestination?: LoggerOptions['destination'],
): Promise<Runtime> {
  const logger = createLogger({ service: name, level: env.LOG_LEVEL, destination: logDestination });
  const db = await createDatabase(env, name);
  const bus = await createEventBus(env, { logger });
  const queue = createJobQueue(env, {});
  const mailer = createMailer(env);
  const rateLimiter = createRateLimiter(env, 'ratelimit', {
    onOutage: (down, error) =>
      down
        ? logger.warn(
            { err: String(error) },
            'Redis unreachable: rate limits counted per process until it answers',
          )
        : logger.info('Redis answers again: rate limits shared again'),
  });
  return {
    env,
    rawEnv,
    logger,
    db,
    bus,
    queue,
    mailer,
    rateLimiter,
    clock: systemClock,
    // Reverse order of dependence: queues finish their in-flight jobs (which may publish and
    // write) before the bus and the database go away.
    async close() {
      await queue.close();
      await bus.close();
      await mailer.close();
      await rateLimiter.close();
      await db.close();
    },
  };
}
