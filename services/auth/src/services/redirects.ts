import type { AuthConfig } from '../config';

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
