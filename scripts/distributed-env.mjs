// Environment defaults start-distributed.mjs gives its child processes, apart so a test can check
// them without starting nine processes.

/**
 * The auth process's defaults. It listens on a port of its own (gateway + 1), so AUTH_SITE_URL's
 * default (`http://localhost:$PORT`, right for the embedded host) would point mailed links and
 * /verify redirects at the auth service instead of the web app the gateway serves. An empty value
 * counts as unset, as in the auth config. AUTH_EXTERNAL_URL needs no default: unset, it is the
 * request's allowed origin (the gateway's, which forwards the Host) or else the site's origin.
 */
export function authProcessEnv(env, gatewayPort) {
  return env.AUTH_SITE_URL ? {} : { AUTH_SITE_URL: `http://localhost:${gatewayPort}` };
}

/**
 * The alert-notifier process's defaults: like auth, it listens on a port of its own, and APP_URL
 * (the web app, for the links in its emails) defaults to its own PORT — the gateway's in the
 * embedded host, not here.
 */
export function notifierProcessEnv(env, gatewayPort) {
  return env.APP_URL ? {} : { APP_URL: `http://localhost:${gatewayPort}` };
}

/**
 * Replica counts from `--replicas a=2,b=3` or REPLICAS (the flag wins), checked against the
 * processes the runner knows. Returns name → count; throws a message for the user on bad input.
 */
export function parseReplicas(spec, known) {
  const counts = new Map();
  for (const part of (spec ?? '').split(',').map((s) => s.trim())) {
    if (!part) continue;
    const match = /^([a-z-]+)=(\d+)$/.exec(part);
    if (!match) throw new Error(`"${part}" is not NAME=COUNT`);
    const [, name, count] = match;
    if (!known.includes(name)) throw new Error(`no process "${name}" (one of ${known.join(', ')})`);
    if (Number(count) < 1 || Number(count) > 16) throw new Error(`${name}: a count from 1 to 16`);
    counts.set(name, Number(count));
  }
  return counts;
}

/** The `--replicas` value from the command line (`--replicas x=2` or `--replicas=x=2`), else REPLICAS. */
export function replicasSpec(argv, env) {
  const i = argv.findIndex((a) => a === '--replicas' || a.startsWith('--replicas='));
  if (i < 0) return env.REPLICAS;
  return argv[i].includes('=') ? argv[i].slice('--replicas='.length) : argv[i + 1];
}
