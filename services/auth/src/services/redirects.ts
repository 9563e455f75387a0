import type { AuthConfig } from '../config';
import type { AuthError } from '../http/auth-error';

/**
 * Where a flow may send the browser back to: redirect_to when its origin is the site's or on the
 * allow list, the site URL otherwise (as Supabase does), so the API is never an open redirect.
 */
export function safeRedirect(
  requested: string | undefined,
  config: Pick<AuthConfig, 'siteUrl' | 'redirectAllowList'>,
): string {
  if (!requested) return config.siteUrl;
  let url: URL;
  try {
    url = new URL(requested, config.siteUrl);
  } catch {
    return config.siteUrl;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return config.siteUrl;
  const allowed = [config.siteUrl, ...config.redirectAllowList].flatMap((entry) => {
    try {
      return [new URL(entry).origin];
    } catch {
      return [];
    }
  });
  return allowed.includes(url.origin) ? url.toString() : config.siteUrl;
}

/** Appends parameters to the fragment (sessions, errors: never sent to servers in logs). */
export function withFragment(base: string, params: Record<string, string | number>): string {
  const url = new URL(base);
  const fragment = new URLSearchParams(
    Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]),
  );
  url.hash = fragment.toString();
  return url.toString();
}

export function withQuery(base: string, params: Record<string, string>): string {
  const url = new URL(base);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.toString();
}

/** OAuth 2's `error` for a failure of ours (RFC 6749 §4.1.2.1), beside GoTrue's `error_code`. */
function oauthErrorOf(status: number): string {
  if (status === 429) return 'temporarily_unavailable';
  return status >= 500 ? 'server_error' : 'invalid_request';
}

/**
 * Where the browser goes when an OAuth step fails before reaching the provider: the allowed
 * redirect_to (else the site) with `error`, `error_code` and `error_description` in the fragment,
 * which auth-js reads on the site as it reads the callback's errors.
 */
export function oauthErrorRedirect(
  requested: string | undefined,
  error: AuthError,
  config: Pick<AuthConfig, 'siteUrl' | 'redirectAllowList'>,
): string {
  return withFragment(safeRedirect(requested, config), {
    error: oauthErrorOf(error.status),
    error_code: error.code,
    error_description: error.message,
  });
}
