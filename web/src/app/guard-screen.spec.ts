import { betaGuardView, type BetaGuardInput } from '@pt/domain';
import { guardScreen } from './guard-screen';

const base: BetaGuardInput = {
  authLoading: false,
  betaFlagLoading: false,
  betaLandingEnabled: false,
  authenticated: false,
  emailConfirmed: false,
};

function screen(
  input: Partial<BetaGuardInput>,
  extra: { maintenance?: boolean; isAdmin?: boolean; mailedPage?: boolean } = {},
) {
  const merged = { ...base, ...input };
  return guardScreen({
    view: betaGuardView(merged),
    tokenLink: Boolean(merged.query?.token && merged.query.type),
    maintenance: extra.maintenance ?? false,
    isAdmin: extra.isAdmin ?? false,
    mailedPage: extra.mailedPage ?? false,
  });
}

describe('beta guard (§2, §4)', () => {
  it.each([
    ['auth loading', { authLoading: true }, 'loading'],
    ['beta flag loading', { betaFlagLoading: true }, 'loading'],
    ['flag off, anonymous', {}, 'app'],
    ['flag on, anonymous', { betaLandingEnabled: true }, 'landing'],
    ['flag on, unconfirmed', { betaLandingEnabled: true, authenticated: true }, 'landing'],
    ['flag on, confirmed', { betaLandingEnabled: true, authenticated: true, emailConfirmed: true }, 'app'],
    ['flag on, token and type', { betaLandingEnabled: true, query: { token: 't', type: 'signup' } }, 'token'],
    ['flag on, token only', { betaLandingEnabled: true, query: { token: 't' } }, 'landing'],
    [
      'still loading, token and type',
      { authLoading: true, query: { token: 't', type: 'recovery' } },
      'token',
    ],
  ] as const)('%s → %s', (_name, input, expected) => {
    expect(screen(input)).toBe(expected);
  });

  it('shows the maintenance screen to everyone but admins, once loaded', () => {
    expect(screen({}, { maintenance: true })).toBe('maintenance');
    expect(screen({ betaLandingEnabled: true }, { maintenance: true })).toBe('maintenance');
    expect(screen({ authenticated: true, emailConfirmed: true }, { maintenance: true, isAdmin: true })).toBe(
      'app',
    );
    expect(screen({ authLoading: true }, { maintenance: true })).toBe('loading');
  });
});

describe('a mailed page (unsubscribe) under the beta guard', () => {
  it('opens for a signed-out reader while the landing page is on', () => {
    expect(screen({ betaLandingEnabled: true }, { mailedPage: true })).toBe('app');
  });
  it('still waits for loading and still shows maintenance', () => {
    expect(screen({ authLoading: true }, { mailedPage: true })).toBe('loading');
    expect(screen({ betaLandingEnabled: true }, { mailedPage: true, maintenance: true })).toBe('maintenance');
  });
});
