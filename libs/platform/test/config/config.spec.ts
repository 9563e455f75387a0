import { z } from 'zod';
import {
  ConfigError,
  databaseUrl,
  DEFAULT_SHUTDOWN_DRAIN_MS,
  parseConfig,
  port,
  redisUrl,
  serviceEnvSchema,
} from '@pt/platform';

describe(parseConfig.name, () => {
  const schema = z.object({ PORT: port(8080), DATABASE_URL: databaseUrl, REDIS_URL: redisUrl });

  it('fills defaults and keeps valid values', () => {
    expect(parseConfig(schema, {})).toEqual({ PORT: 8080 });
    expect(parseConfig(schema, { PORT: '3000', DATABASE_URL: 'postgres://u@h/db' })).toEqual({
      PORT: 3000,
      DATABASE_URL: 'postgres://u@h/db',
    });
  });

  it.each([
    [{ PORT: '-1' }, ['PORT']],
    [{ PORT: 'abc' }, ['PORT']],
    [{ PORT: '70000' }, ['PORT']],
    [{ DATABASE_URL: 'nonsense' }, ['DATABASE_URL']],
    [{ DATABASE_URL: 'mysql://x/y' }, ['DATABASE_URL']],
    [{ DATABASE_URL: 'nonsense', PORT: '-1', REDIS_URL: 'http://x' }, ['PORT', 'DATABASE_URL', 'REDIS_URL']],
  ])('names every invalid variable: %j', (env, variables) => {
    try {
      parseConfig(schema, env);
      throw new Error('expected a ConfigError');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.map((p) => p.variable).sort();
      expect(problems).toEqual([...variables].sort());
      for (const variable of variables) expect((error as Error).message).toContain(variable);
    }
  });

  it('treats an empty variable as unset', () => {
    expect(parseConfig(schema, { DATABASE_URL: '', PORT: '' })).toEqual({ PORT: 8080 });
  });

  it('validates the service environment (event bus kind, Kafka broker list)', () => {
    const env = parseConfig(serviceEnvSchema, { EVENT_BUS: 'kafka', KAFKA_BROKERS: 'a:9092, b:9092' });
    expect(env.EVENT_BUS).toBe('kafka');
    expect(env.KAFKA_BROKERS).toEqual(['a:9092', 'b:9092']);
    expect(() => parseConfig(serviceEnvSchema, { EVENT_BUS: 'rabbit' })).toThrow(/EVENT_BUS/);
  });

  it('takes a Kafka topic prefix of the characters Kafka allows in topic names', () => {
    expect(parseConfig(serviceEnvSchema, {}).KAFKA_TOPIC_PREFIX).toBeUndefined();
    expect(parseConfig(serviceEnvSchema, { KAFKA_TOPIC_PREFIX: 'staging_2.' }).KAFKA_TOPIC_PREFIX).toBe(
      'staging_2.',
    );
    expect(() => parseConfig(serviceEnvSchema, { KAFKA_TOPIC_PREFIX: 'team a/' })).toThrow(
      /KAFKA_TOPIC_PREFIX/,
    );
  });

  it('reads JOB_STALLED_MS (unset by default) and refuses a lock under a second', () => {
    expect(parseConfig(serviceEnvSchema, {}).JOB_STALLED_MS).toBeUndefined();
    expect(parseConfig(serviceEnvSchema, { JOB_STALLED_MS: '10000' }).JOB_STALLED_MS).toBe(10_000);
    expect(() => parseConfig(serviceEnvSchema, { JOB_STALLED_MS: '500' })).toThrow(/JOB_STALLED_MS/);
  });

  it('reads SHUTDOWN_DRAIN_MS (10 s by default) and refuses what is not a duration', () => {
    expect(parseConfig(serviceEnvSchema, {}).SHUTDOWN_DRAIN_MS).toBe(DEFAULT_SHUTDOWN_DRAIN_MS);
    expect(DEFAULT_SHUTDOWN_DRAIN_MS).toBe(10_000);
    expect(parseConfig(serviceEnvSchema, { SHUTDOWN_DRAIN_MS: '2500' }).SHUTDOWN_DRAIN_MS).toBe(2_500);
    for (const bad of ['-1', 'soon', '1.5', '3600000'])
      expect(() => parseConfig(serviceEnvSchema, { SHUTDOWN_DRAIN_MS: bad })).toThrow(/SHUTDOWN_DRAIN_MS/);
  });
});
