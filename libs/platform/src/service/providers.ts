import type { Provider } from '@nestjs/common';
import type { Runtime } from './runtime';
import { CLOCK, DATABASE, EVENT_BUS, JOB_QUEUE, LOGGER, MAILER, RATE_LIMITER, SERVICE_ENV } from './tokens';

type Port = 'db' | 'bus' | 'queue' | 'mailer' | 'rateLimiter' | 'clock' | 'env';

const TOKENS = {
  db: DATABASE,
  bus: EVENT_BUS,
  queue: JOB_QUEUE,
  mailer: MAILER,
  rateLimiter: RATE_LIMITER,
  clock: CLOCK,
  env: SERVICE_ENV,
} as const;

/** Nest providers for the ports a service names (plus its logger); nothing else is injectable. */
export function portProviders(runtime: Runtime, service: string, ports: Port[]): Provider[] {
  return [
    { provide: LOGGER, useValue: runtime.logger.child({ service }) },
    ...ports.map((port) => ({ provide: TOKENS[port], useValue: runtime[port] })),
  ];
}
