import { ShieldCheck, ShoppingBag, PiggyBank, Zap } from 'lucide-react';
import { useContext, useEffect } from 'react';
import { InAppShell } from '../app/app-shell-context';
import { useAuth } from '../modules/auth/hooks/auth-context';
import { useAuthDialog } from '../modules/auth/hooks/auth-dialog-context';

const FEATURES = [
  {
    icon: Zap,
    title: 'Lightning Fast',
    text: 'Search millions of products across eBay and AliExpress in one fast search.',
  },
  {
    icon: ShieldCheck,
    title: 'Trusted & Secure',
    text: 'Your account, wishlists and alerts stay private. We never sell your data.',
  },
  {
    icon: PiggyBank,
    title: 'Smart Savings',
    text: 'Price history and drop alerts help you save up to 40% on the things you want.',
  },
];

/** §2 beta landing page (shown by the guard while the beta flag is on, and at /beta). */
export default function LandingPage() {
  const { openAuthDialog } = useAuthDialog();
  const { authenticated } = useAuth();
  const inShell = useContext(InAppShell);
  useEffect(() => {
    document.title = 'Price Tracker · Free beta access';
  }, []);
  const content = (
    <>
      <section className="landing-hero" aria-labelledby="landing-title">
        <h1 id="landing-title">Your AI-powered shopping assistant</h1>
        <p>
          Compare prices, get product recommendations and find deals across major marketplaces. Save up to 40%
          with price history and drop alerts, and search millions of products in seconds.
        </p>
        <button
          type="button"
          className="btn btn-primary btn-lg"
          onClick={() => openAuthDialog({ mode: 'register', redirectTo: '/' })}
        >
          Get Beta Access Free
        </button>
      </section>
      <section aria-label="Features" className="cards">
        {FEATURES.map(({ icon: Icon, title, text }) => (
          <article key={title} className="card">
            <Icon size={28} aria-hidden />
            <h2>{title}</h2>
            <p>{text}</p>
          </article>
        ))}
      </section>
      <aside className="notice" aria-labelledby="beta-notice-title">
        <h2 id="beta-notice-title">Limited Beta Access</h2>
        <p>
          During the beta every premium feature is free: unlimited wishlists, price alerts and Pro Mode.
          Places are limited; sign up now and confirm your email to get in.
        </p>
      </aside>
    </>
  );
  // Inside the app's layout (the /beta route) its header and main are the page's; on its own
  // (the beta guard's landing screen) the page brings a header of its own.
  if (inShell) return content;
  return (
    <div className="app">
      <header className="app-header">
        <span className="brand">
          <ShoppingBag size={22} aria-hidden /> Price Tracker
        </span>
        <div className="header-tools">
          {!authenticated && (
            <button
              type="button"
              className="btn btn-sm"
              onClick={() => openAuthDialog({ mode: 'login', redirectTo: '/' })}
            >
              Sign In
            </button>
          )}
        </div>
      </header>
      <main id="main">{content}</main>
    </div>
  );
}
