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
