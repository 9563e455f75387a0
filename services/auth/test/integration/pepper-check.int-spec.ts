import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, createRuntime, parseConfig, serviceEnvSchema, startService } from '@pt/platform';
import { createTestPostgres, describeAdapter, postgresAvailability, type TestPostgres } from '@pt/testing';
import { createAuthService } from '../../src';
import { testConfig } from '../support/auth-host';

const PEPPER = 'the pepper this database was made with';
const OTHER_PEPPER = 'a pepper of another installation';
const KEY_ENCRYPTION_KEY = 'a key-encryption secret of 32+ characters';

/**
 * A backup restored under another AUTH_PASSWORD_PEPPER started, and then no
 * password matched (every sign-in a 400 "invalid credentials"); with the signing key encrypted
 * under a key derived from the pepper it failed naming AUTH_KEY_ENCRYPTION_KEY, which was not set.
 * The auth service now refuses to start, naming AUTH_PASSWORD_PEPPER.
 */
describeAdapter('auth-pepper-check', 'postgres', postgresAvailability(), () => {
  const databases: TestPostgres[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'auth-pepper-'));

  afterAll(async () => {
    for (const pg of databases) await pg.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function freshDatabase(): Promise<TestPostgres> {
    const pg = await createTestPostgres();
    databases.push(pg);
    return pg;
  }

  /** Starts the auth service on `url` and stops it again; rejects with what stopped the start. */
  async function startAndStop(url: string, config: Parameters<typeof testConfig>[0]): Promise<void> {
    const env = parseConfig(serviceEnvSchema, {
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
    });
    const runtime = await createRuntime(env, 'auth-pepper-test');
    try {
      const service = await startService(createAuthService({ config: testConfig(config) }), runtime);
      await service.close();
    } finally {
      await runtime.close();
    }
  }

  const refusal = (start: Promise<void>) =>
    start.then(
      () => 'started',
      (error: unknown) =>
        error instanceof ConfigError ? error.problems.map((p) => p.variable) : String(error),
    );

  it('with AUTH_KEY_ENCRYPTION_KEY set: another pepper no longer starts silently', async () => {
    const pg = await freshDatabase();
    const keyed = { keyEncryptionKey: KEY_ENCRYPTION_KEY };
    await startAndStop(pg.url, { ...keyed, pepper: PEPPER });
    expect(await refusal(startAndStop(pg.url, { ...keyed, pepper: OTHER_PEPPER }))).toEqual([
      'AUTH_PASSWORD_PEPPER',
    ]);
    // The refusal changed nothing: the right pepper still starts.
    await expect(startAndStop(pg.url, { ...keyed, pepper: PEPPER })).resolves.toBeUndefined();
  });

  it('with the signing key encrypted under the pepper: the message names AUTH_PASSWORD_PEPPER', async () => {
    const pg = await freshDatabase();
    await startAndStop(pg.url, { pepper: PEPPER });
    const start = startAndStop(pg.url, { pepper: OTHER_PEPPER });
    await expect(start).rejects.toThrow(/AUTH_PASSWORD_PEPPER: is not the pepper/);
    await expect(startAndStop(pg.url, { pepper: PEPPER })).resolves.toBeUndefined();
  });

  it('a database from before the check takes the pepper it starts with, then holds to it', async () => {
    const pg = await freshDatabase();
    await startAndStop(pg.url, { pepper: PEPPER });
    await pg.db.query('DELETE FROM auth.pepper_check');
    await startAndStop(pg.url, { pepper: PEPPER });
    const { rows } = await pg.db.query<{ n: number }>('SELECT count(*)::int AS n FROM auth.pepper_check');
    expect(rows[0]?.n).toBe(1);
    expect(await refusal(startAndStop(pg.url, { pepper: OTHER_PEPPER }))).toEqual(['AUTH_PASSWORD_PEPPER']);
  });
});
