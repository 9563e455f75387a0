import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { appBaseUrl, toNotifierConfig } from '@pt/alert-notifier';
import { loadAuthConfig } from '@pt/auth';

const root = path.resolve(__dirname, '..', '..', '..', '..');

/** What a function of scripts/distributed-env.mjs gives for `env` (an ES module: run by node). */
function processEnv(
  name: 'authProcessEnv' | 'notifierProcessEnv',
  env: Record<string, string>,
  gatewayPort: number,
): Record<string, string> {
  const script = `import { ${name} } from './scripts/distributed-env.mjs';
    process.stdout.write(JSON.stringify(${name}(${JSON.stringify(env)}, ${gatewayPort})));`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root });
  return JSON.parse(out.toString());
}
const authProcessEnv = (env: Record<string, string>, gatewayPort: number) =>
  processEnv('authProcessEnv', env, gatewayPort);

/**
 * In `npm run start:distributed` auth listens on the gateway's port + 1, and its
 * links must still open the web app the gateway serves.
 */
describe('start:distributed: the auth process environment', () => {
  it("points AUTH_SITE_URL at the gateway, not at the auth process's own port", () => {
    const gatewayPort = 9180;
    const env = { ...authProcessEnv({}, gatewayPort), PORT: String(gatewayPort + 1) };
    const config = loadAuthConfig(env);
    expect(config.siteUrl).toBe('http://localhost:9180');
    expect(config.externalUrl).toBeUndefined(); // falls back to the site's origin (request-context)
  });

  it('keeps an AUTH_SITE_URL the user set; an empty one counts as unset', () => {
    expect(authProcessEnv({ AUTH_SITE_URL: 'https://shop.example' }, 8080)).toEqual({});
    expect(authProcessEnv({ AUTH_SITE_URL: '' }, 8080)).toEqual({ AUTH_SITE_URL: 'http://localhost:8080' });
  });
});

/** The alert-notifier's mailed links in `npm run start:distributed`: its own port is not the app's. */
describe('start:distributed: the alert-notifier process environment', () => {
  const notifierProcessEnv = (env: Record<string, string>, gatewayPort: number) =>
    processEnv('notifierProcessEnv', env, gatewayPort);

  it("points APP_URL at the gateway, not at the notifier process's own port", () => {
    const gatewayPort = 9180;
    const env = { ...notifierProcessEnv({}, gatewayPort), PORT: String(gatewayPort + 5) };
    expect(appBaseUrl(toNotifierConfig(env), env)).toBe('http://localhost:9180');
  });

  it('keeps an APP_URL the user set; an empty one counts as unset', () => {
    expect(notifierProcessEnv({ APP_URL: 'https://shop.example' }, 8080)).toEqual({});
    expect(notifierProcessEnv({ APP_URL: '' }, 8080)).toEqual({ APP_URL: 'http://localhost:8080' });
  });
});

/** What parseReplicas(replicasSpec(argv, env)) gives: the counts, or the message for the user. */
function replicas(argv: string[], env: Record<string, string>): Record<string, number> | string {
  const script = `import { parseReplicas, replicasSpec } from './scripts/distributed-env.mjs';
    try {
      const counts = parseReplicas(replicasSpec(${JSON.stringify(argv)}, ${JSON.stringify(env)}), ['catalog', 'pricing-worker', 'gateway']);
      process.stdout.write(JSON.stringify(Object.fromEntries(counts)));
    } catch (error) { process.stdout.write(JSON.stringify(error.message)); }`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root });
  return JSON.parse(out.toString());
}

describe('start:distributed: replica counts', () => {
  it('reads --replicas (either form) before REPLICAS', () => {
    expect(replicas(['--replicas', 'pricing-worker=3,catalog=2'], {})).toEqual({
      'pricing-worker': 3,
      catalog: 2,
    });
    expect(replicas(['--replicas=gateway=2'], { REPLICAS: 'catalog=4' })).toEqual({ gateway: 2 });
    expect(replicas([], { REPLICAS: 'catalog=4' })).toEqual({ catalog: 4 });
    expect(replicas([], {})).toEqual({});
  });

  it('says what is wrong with a bad count or name', () => {
    expect(replicas([], { REPLICAS: 'catalog' })).toBe('"catalog" is not NAME=COUNT');
    expect(replicas([], { REPLICAS: 'billing=2' })).toMatch(/^no process "billing"/);
    expect(replicas([], { REPLICAS: 'catalog=0' })).toBe('catalog: a count from 1 to 16');
  });
});
