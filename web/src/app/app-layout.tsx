import { ShoppingBag } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { CookieBanner } from '../modules/consent/components/cookie-banner';
import { AccountMenu } from '../modules/auth/components/account-menu';
import { ProToggle } from '../modules/pro/components/pro-toggle';
import { useProMode } from '../modules/pro/hooks/pro-context';
import { MaintenanceBanner } from '../modules/settings-loader/components/maintenance-banner';
import { InstallPrompt } from '../modules/pwa/components/install-prompt';
import { RegionSelector } from '../modules/region/components/region-selector';
import { ThemeButton } from '../modules/theme/components/theme-button';

/** Main navigation; the Pro links replace the shopping ones while Pro Mode is on. */
const NAV = [
  { to: '/', label: 'Home', end: true },
  { to: '/search', label: 'Search' },
  { to: '/deals', label: 'Deals' },
  { to: '/trending', label: 'Trending' },
  { to: '/categories', label: 'Categories' },
  { to: '/wishlist', label: 'Wishlist' },
  { to: '/compare', label: 'Compare' },
];
const PRO_NAV = [
  { to: '/pro/home', label: 'Pro Home', end: true },
  { to: '/pro/search', label: 'Pro Search' },
  { to: '/wishlist', label: 'Wishlist' },
  { to: '/compare', label: 'Compare' },
];

export function AppLayout({ children }: { children: ReactNode }) {
  const { isPro } = useProMode();
  return (
    <div className="app">
      <a href="#main" className="sr-only">
        Skip to content
      </a>
      <header className="app-header">
        <Link to={isPro ? '/pro/home' : '/'} className="brand">
          <ShoppingBag size={22} aria-hidden /> Price Tracker{' '}
          {isPro && <span className="pro-badge">PRO</span>}
        </Link>
        <nav aria-label="Main" className="main-nav">
          {(isPro ? PRO_NAV : NAV).map((item) => (
            <NavLink key={item.to} to={item.to} end={item.end}>
              {item.label}
            </NavLink>
          ))}
        </nav>
        <div className="header-tools">
          <InstallPrompt />
          <ProToggle />
          <RegionSelector />
          <ThemeButton />
          <AccountMenu />
        </div>
      </header>
      <MaintenanceBanner />
      <main id="main" className={isPro ? 'pro-shell' : undefined}>
        {children}
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
