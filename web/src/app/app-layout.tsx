import { ShoppingBag } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { isFeatureEnabled } from '@pt/domain';
import { CookieBanner } from '../modules/consent/components/cookie-banner';
import { AccountMenu } from '../modules/auth/components/account-menu';
import { ProToggle } from '../modules/pro/components/pro-toggle';
import { useProMode } from '../modules/pro/hooks/pro-context';
import { RegionSelector } from '../modules/region/components/region-selector';
import { useSystemSettings } from '../modules/settings-loader/hooks/settings-context';
import { ThemeButton } from '../modules/theme/components/theme-button';
import { InAppShell } from './app-shell-context';
import { NavMenuButton } from './header/nav-menu-button';
import { NAV, PRO_NAV } from './header/nav-items';
import { afterLoad } from '../ui/after-load';

// The browser offers installing only after the service worker (registered on load) is active.
const InstallPrompt = afterLoad(() =>
  import('../modules/pwa/components/install-prompt').then((m) => m.InstallPrompt),
);

// Admins only, and only while maintenance mode is on: not every shopper's first screen.
const MaintenanceBanner = afterLoad(() =>
  import('../modules/settings-loader/components/maintenance-banner').then((m) => m.MaintenanceBanner),
);

export function AppLayout({ children }: { children: ReactNode }) {
  const { isPro, transitioning } = useProMode();
  const { featureFlags, maintenanceMode } = useSystemSettings().settings;
  const links = (isPro ? PRO_NAV : NAV).filter(
    (item) => !item.feature || isFeatureEnabled(featureFlags, item.feature),
  );
  return (
    <div className="app">
      <a href="#main" className="sr-only">
        Skip to content
      </a>
      <header className="app-header">
        <Link to={isPro ? '/pro/home' : '/'} className="brand">
          <ShoppingBag size={22} aria-hidden /> <span className="brand-name">Price Tracker</span>{' '}
          {isPro && <span className="pro-badge">PRO</span>}
        </Link>
        <nav aria-label="Main" className="main-nav">
          {links.map((item) => (
            <NavLink key={item.to} to={item.to} end={item.end}>
              {item.label}
            </NavLink>
          ))}
        </nav>
        <div className="header-tools">
          <InstallPrompt />
          {/* On a phone these two move into the menu sheet (header ≤ 64 px). */}
          <span className="header-wide-tools">
            <ProToggle />
            <RegionSelector />
          </span>
          <ThemeButton />
          <AccountMenu />
          <NavMenuButton links={links} />
        </div>
      </header>
      {maintenanceMode && <MaintenanceBanner />}
      {/* §4 Pro transition: the screen fades in over the 300 ms and is marked busy meanwhile. */}
      <main
        id="main"
        className={
          [isPro && 'pro-shell', transitioning && 'pro-transition'].filter(Boolean).join(' ') || undefined
        }
        aria-busy={transitioning || undefined}
      >
        <InAppShell.Provider value>{children}</InAppShell.Provider>
      </main>
      <footer className="app-footer">
        <span>© Price Tracker</span>
        <Link to="/privacy">Privacy</Link>
        <Link to="/terms">Terms</Link>
        <Link to="/affiliate-disclaimer">Affiliate disclosure</Link>
        <Link to="/data-deletion">Data deletion</Link>
        <Link to="/upgrade">Upgrade</Link>
      </footer>
      <CookieBanner />
    </div>
  );
}
