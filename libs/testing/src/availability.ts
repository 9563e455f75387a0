import fs from 'node:fs';

/** Whether a real dependency can be used by a test run, and why not when it cannot. */
export interface Availability {
  available: boolean;
  reason?: string;
}

function databaseName(url: string): string {
  try {
    return decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));
  } catch {
    return '';
  }
}

/** Postgres runs when DATABASE_URL is set and names a database meant for tests. */
export function postgresAvailability(env = process.env): Availability {
  const url = env.DATABASE_URL;
  if (!url) return { available: false, reason: 'DATABASE_URL is not set' };
  if (!databaseName(url).includes('test')) {
    return {
      available: false,
      reason: `DATABASE_URL names "${databaseName(url)}", not a database whose name contains "test"`,
    };
  }
  return { available: true };
}

export function redisAvailability(env = process.env): Availability {
  return env.REDIS_URL ? { available: true } : { available: false, reason: 'REDIS_URL is not set' };
}

/** Kafka runs when KAFKA_BROKERS is set (testcontainers needs a Docker engine, which may be absent). */
export function kafkaAvailability(env = process.env): Availability {
  if (env.KAFKA_BROKERS) return { available: true };
  const docker = fs.existsSync('/var/run/docker.sock')
    ? 'a Docker socket exists but KAFKA_BROKERS is not set'
    : 'no Docker engine';
  return { available: false, reason: `KAFKA_BROKERS is not set and ${docker}` };
}

export const ALWAYS: Availability = { available: true };

/**
 * Registers one adapter's run of a port's contract suite. When the adapter's dependency is missing
 * the suite is registered as skipped with the reason in its title, so the CI summary
 * (scripts/adapter-reporter.js) lists it as skipped — never as passed.
 */
export function describeAdapter(
  port: string,
  adapter: string,
  availability: Availability,
  body: () => void,
): void {
  const title = `[adapter ${port}/${adapter}]`;
  if (availability.available) {
    describe(title, body);
  } else {
    describe(`${title} skipped: ${availability.reason ?? 'unavailable'}`, () => {
      it.skip(`needs ${adapter}: ${availability.reason ?? 'unavailable'}`, () => undefined);
    });
  }
}
