import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGliteDatabase } from '@pt/platform';
import { eventually, startHostProcess, waitForExit, type StartedHost } from '@pt/testing';
import { UNLIMITED_CLIENT, demoLookups, duplicatePriceChanges, LoadRunner, recordingGaps } from './load';

/**
 * `kill -9` of the embedded host (`npm start`) in the middle of a steady stream of
 * lookups, restarted on the same data directory: every lookup answered 200 before the kill is
 * recorded after the restart, once.
 */
// A restart of the whole host: its start-up (≤ 15 s once built) plus the first lookups.
const RECOVERY_BOUND_MS = 60_000;

describe('embedded host killed with -9 and restarted on its data directory', () => {
  let dataDir: string;
  let host: StartedHost | undefined;

  const start = () =>
    startHostProcess(
      ['--enable-source-maps', 'services/all-in-one/dist/main.js'],
      { DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...UNLIMITED_CLIENT },
      120_000,
    );

  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pt-chaos-embedded-'));
  });

  afterAll(async () => {
    if (host && host.child.exitCode === null) {
      host.child.kill('SIGKILL');
      await waitForExit(host.child);
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('loses no observation and stores none twice', async () => {
    host = await start();
    let url = host.url;
    const lookups = demoLookups();
    const load = new LoadRunner(() => url, lookups);
    load.start();
    await eventually(() => load.ok.length >= 20, {
      timeoutMs: 60_000,
      what: 'lookups answered before the kill',
    });

    host.child.kill('SIGKILL');
    await waitForExit(host.child);
    const killedAt = Date.now();
    host = await start();
    url = host.url;
    const okAtRestart = load.ok.length;
    await eventually(() => load.ok.length >= okAtRestart + 10, {
      timeoutMs: 60_000,
      what: 'lookups answered after the restart',
    });
    const recoveryMs = Date.now() - killedAt;
    await load.stop();

    // A clean stop relays what is left; then the books are read from the data directory itself.
    host.child.kill('SIGTERM');
    await waitForExit(host.child);
    const db = await PGliteDatabase.open(path.join(dataDir, 'pglite'));
    try {
      const gaps = await recordingGaps(db, load.ok);
      expect(gaps.missing).toEqual([]);
      expect(gaps.duplicated).toEqual([]);
      expect(await duplicatePriceChanges(db)).toBe(0);
    } finally {
      await db.close();
    }
    expect(load.violations).toEqual([]);
    expect(recoveryMs).toBeLessThan(RECOVERY_BOUND_MS);
  }, 300_000);
});
