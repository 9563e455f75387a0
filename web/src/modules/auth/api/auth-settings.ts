import { AuthSettingsSchema, type AuthSettings } from '@pt/contracts';
import { SOCIAL_PROVIDERS, type SocialProvider } from '@pt/domain';

export const authSettingsKeys = { settings: ['auth', 'settings'] as const };

/** GET /auth/v1/settings (GoTrue's, as auth-js clients read it): which sign-in methods work. */
export async function fetchAuthSettings(): Promise<AuthSettings> {
  const res = await fetch('/auth/v1/settings', { headers: { Accept: 'application/json' } });
  if (!res.ok) throw new Error(`Auth settings failed with status ${res.status}`);
  return AuthSettingsSchema.parse(await res.json());
}

/** The §1 social providers the server has enabled, in the spec's order. */
export const enabledProviders = (settings: AuthSettings | undefined): SocialProvider[] =>
  SOCIAL_PROVIDERS.filter((provider) => settings?.external[provider] === true);
