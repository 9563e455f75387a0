import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { loadAuthConfig } from '@pt/auth';

const root = path.resolve(__dirname, '..', '..', '..', '..');

/** What scripts/distributed-env.mjs's authProcessEnv gives for `env` (an ES module: run by node). */
function authProcessEnv(env: Record<string, string>, gatewayPort: number): Record<string, string> {
  const script = `import { authProcessEnv } from './scripts/distributed-env.mjs';
    process.stdout.write(JSON.stringify(authProcessEnv(${JSON.stringify(env)}, ${gatewayPort})));`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root });
  return JSON.parse(out.toString());
}

/**
 * Issue 10 item 9 in `npm run start:distributed`: auth listens on the gateway's port + 1, and its
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
