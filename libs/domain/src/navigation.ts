/** §2 redirects (all with replace). */
export const ROUTE_REDIRECTS: Readonly<Record<string, string>> = {
  '/marketplace': '/marketplace/amazon',
  '/pro-search': '/pro/search',
  '/category': '/categories',
};

/** §4, §9: the Pro transition flag lasts 300 ms. */
export const PRO_TRANSITION_MS = 300;

export type ProModeAction =
  | { type: 'enter'; productId?: string }
  | { type: 'leave'; productId?: string }
  | { type: 'toggle'; redirect: boolean };

const productPath = (prefix: string, productId: string): string =>
  `${prefix}/product/${encodeURIComponent(productId)}`;

/**
 * §2 Pro Mode navigation: the new mode and where to go (null: stay). Entering without a product is
 * not specified; it goes to the Pro search like the plain toggle.
 */
export function proModeNavigation(
  isPro: boolean,
  action: ProModeAction,
): { isPro: boolean; navigateTo: string | null } {
  switch (action.type) {
    case 'enter':
      return {
        isPro: true,
        navigateTo: action.productId ? productPath('/pro', action.productId) : '/pro/search',
      };
    case 'leave':
      return { isPro: false, navigateTo: action.productId ? productPath('', action.productId) : '/' };
    case 'toggle':
      if (!action.redirect) return { isPro: !isPro, navigateTo: null };
      return isPro ? { isPro: false, navigateTo: '/' } : { isPro: true, navigateTo: '/pro/search' };
  }
}

export type BetaGuardView = 'loading' | 'landing' | 'app';

export interface BetaGuardInput {
  authLoading: boolean;
  betaFlagLoading: boolean;
  betaLandingEnabled: boolean;
  authenticated: boolean;
  emailConfirmed: boolean;
  /** The request's query parameters; token + type means a confirmation link is being processed. */
  query?: Readonly<Record<string, string | undefined>>;
}

/** §2, §4, §6: what the beta guard shows. */
export function betaGuardView(input: BetaGuardInput): BetaGuardView {
  if (input.query?.token && input.query.type) return 'app';
  if (input.authLoading || input.betaFlagLoading) return 'loading';
  if (input.betaLandingEnabled && (!input.authenticated || !input.emailConfirmed)) return 'landing';
  return 'app';
}
