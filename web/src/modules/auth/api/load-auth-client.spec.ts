import { mayHaveSession } from './load-auth-client';

/** The shell tells a signed-out visitor apart without loading auth-js (initial JavaScript of `/`). */
const storage = (entries: Record<string, string>) => ({ getItem: (key: string) => entries[key] ?? null });

describe('mayHaveSession', () => {
  it('is false with no stored session and no sign-in result in the URL: signed out at once', () => {
    expect(mayHaveSession(storage({}), '')).toBe(false);
    expect(mayHaveSession(storage({ pt_theme: 'dark' }), '#main')).toBe(false);
  });

  it('is true with a stored session: auth-js must restore (or refresh) it first', () => {
    expect(mayHaveSession(storage({ pt_auth_session: '{"access_token":"x"}' }), '')).toBe(true);
  });

  it.each([
    '#access_token=abc&refresh_token=def&type=signup',
    '#error=access_denied&error_description=Unsupported+provider',
    '#foo=1&error_description=x',
  ])('is true when the fragment carries a sign-in result auth-js reads at start (%s)', (hash) => {
    expect(mayHaveSession(storage({}), hash)).toBe(true);
  });

  it('is false when storage cannot be read', () => {
    const broken = {
      getItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(mayHaveSession(broken, '')).toBe(false);
  });
});
