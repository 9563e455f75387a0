import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '..', '..', '..', '..');

// Each process validates its environment at boot (a bad environment stops the process
// with a message naming the variable). Runs the built entry points, as an operator would.
const entries = {
  gateway: 'services/gateway/dist/main.js',
  catalog: 'services/catalog/dist/main.js',
  'all-in-one': 'services/all-in-one/dist/main.js',
};

function run(entry: string, env: Record<string, string>) {
  return spawnSync(process.execPath, [path.join(root, entry)], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
    timeout: 30_000,
  });
}

describe('process start-up with a bad environment', () => {
  beforeAll(() => {
    for (const entry of Object.values(entries)) {
      if (!fs.existsSync(path.join(root, entry)))
        throw new Error(`${entry} is not built; run node scripts/build.mjs first`);
    }
  });

  it.each([
    ['all-in-one', { DATABASE_URL: 'nonsense' }, ['DATABASE_URL']],
    ['all-in-one', { PORT: '-1' }, ['PORT']],
    [
      'catalog',
      { DATABASE_URL: 'nonsense', PORT: '-1', REDIS_URL: 'http://x' },
      ['DATABASE_URL', 'PORT', 'REDIS_URL'],
    ],
    ['catalog', { EVENT_BUS: 'carrier-pigeon' }, ['EVENT_BUS']],
    ['gateway', { PORT: '8080' }, ['AUTH_URL', 'CATALOG_URL', 'SETTINGS_URL']],
    // Without the shared secret no process could check the gateway's identity.
    ['catalog', { PORT: '0' }, ['INTERNAL_SECRET']],
    [
      'gateway',
      {
        AUTH_URL: 'http://127.0.0.1:1',
        CATALOG_URL: 'http://127.0.0.1:1',
        PRICING_URL: 'http://127.0.0.1:1',
        WISHLIST_URL: 'http://127.0.0.1:1',
        ALERT_NOTIFIER_URL: 'http://127.0.0.1:1',
        SETTINGS_URL: 'http://127.0.0.1:1',
        INTERNAL_SECRET: 'too short',
      },
      ['INTERNAL_SECRET'],
    ],
  ] as [keyof typeof entries, Record<string, string>, string[]][])(
    '%s with %j stops naming %j',
    (name, env, variables) => {
      const result = run(entries[name], env);
      expect(result.status).not.toBe(0);
      expect(result.status).not.toBeNull();
      for (const variable of variables) expect(result.stderr).toContain(variable);
      // A message for the operator, not a stack trace.
      expect(result.stderr).not.toMatch(/\n\s+at .+\(.+:\d+:\d+\)/);
    },
  );
});
