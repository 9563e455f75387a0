/** Nest injection tokens for the platform ports; a service injects only the ones it uses. */
export const DATABASE = Symbol('Database');
export const EVENT_BUS = Symbol('EventBus');
export const JOB_QUEUE = Symbol('JobQueue');
export const MAILER = Symbol('Mailer');
export const LOGGER = Symbol('Logger');
export const CLOCK = Symbol('Clock');
export const RATE_LIMITER = Symbol('RateLimiter');
export const SERVICE_ENV = Symbol('ServiceEnv');

/** Time behind a port, so rules that depend on "now" are testable. */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };
