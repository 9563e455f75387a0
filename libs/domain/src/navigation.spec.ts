import {
  BetaGuardInput,
  PRO_TRANSITION_MS,
  ROUTE_REDIRECTS,
  betaGuardView,
  proModeNavigation,
} from './navigation';

describe(proModeNavigation.name, () => {
  it.each([
    [
      '§2 entering for a product',
      false,
      { type: 'enter', productId: 'v1|1|0' },
      { isPro: true, navigateTo: '/pro/product/v1%7C1%7C0' },
    ],
    [
      'decision: entering without a product → Pro search',
      false,
      { type: 'enter' },
      { isPro: true, navigateTo: '/pro/search' },
    ],
    [
      '§2 leaving for a product',
      true,
      { type: 'leave', productId: 'sample-ebay-1' },
      { isPro: false, navigateTo: '/product/sample-ebay-1' },
    ],
    ['§2 leaving without a product', true, { type: 'leave' }, { isPro: false, navigateTo: '/' }],
    [
      '§2 enabling via the plain toggle',
      false,
      { type: 'toggle', redirect: true },
      { isPro: true, navigateTo: '/pro/search' },
    ],
    [
      '§2 disabling via the plain toggle',
      true,
      { type: 'toggle', redirect: true },
      { isPro: false, navigateTo: '/' },
    ],
    [
      '§2 toggle without redirect only flips',
      true,
      { type: 'toggle', redirect: false },
      { isPro: false, navigateTo: null },
    ],
  ] as const)('%s', (_row, isPro, action, expected) =>
    expect(proModeNavigation(isPro, action)).toEqual(expected),
  );

  it('§2 §9 redirects and transition', () => {
    expect(ROUTE_REDIRECTS).toEqual({
      '/marketplace': '/marketplace/amazon',
      '/pro-search': '/pro/search',
      '/category': '/categories',
    });
    expect(PRO_TRANSITION_MS).toBe(300);
  });
});

describe(betaGuardView.name, () => {
  const base: BetaGuardInput = {
    authLoading: false,
    betaFlagLoading: false,
    betaLandingEnabled: true,
    authenticated: true,
    emailConfirmed: true,
  };
  it.each<[string, Partial<BetaGuardInput>, string]>([
    ['§4 loading while auth loads', { authLoading: true }, 'loading'],
    ['§4 loading while the beta flag loads', { betaFlagLoading: true }, 'loading'],
    ['§4 landing for unauthenticated users while the flag is on', { authenticated: false }, 'landing'],
    ['§4 landing for unconfirmed email while the flag is on', { emailConfirmed: false }, 'landing'],
    ['§6 confirmed user gets the app', {}, 'app'],
    ['§4 flag off: the app for everyone', { betaLandingEnabled: false, authenticated: false }, 'app'],
    [
      '§2 token and type query let the request through',
      { authenticated: false, authLoading: true, query: { token: 't', type: 'signup' } },
      'app',
    ],
    ['§2 token alone does not', { authenticated: false, query: { token: 't' } }, 'landing'],
  ])('%s', (_row, patch, expected) => expect(betaGuardView({ ...base, ...patch })).toBe(expected));
});
