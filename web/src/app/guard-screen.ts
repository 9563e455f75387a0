import type { BetaGuardView } from '@pt/domain';

export type GuardScreen = 'loading' | 'landing' | 'maintenance' | 'token' | 'app';

/**
 * What the guard renders, on top of §4's view: a mailed link (`?token&type`) is completed first,
 * whatever the flags (it signs the user in); maintenance hides the app — and the landing page —
 * from everyone but admins once the settings are known.
 */
export function guardScreen(input: {
  view: BetaGuardView;
  tokenLink: boolean;
  maintenance: boolean;
  isAdmin: boolean;
  /** A page a mail links to for anyone, account or not (unsubscribe): never hidden by the landing page. */
  mailedPage?: boolean;
}): GuardScreen {
  if (input.tokenLink) return 'token';
  if (input.view === 'loading') return 'loading';
  if (input.maintenance && !input.isAdmin) return 'maintenance';
  if (input.view === 'landing' && input.mailedPage) return 'app';
  return input.view;
}
