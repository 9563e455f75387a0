import { Page } from '../ui/page';

export default function PrivacyPage() {
  return (
    <Page title="Privacy policy">
      <div className="prose">
        <p>
          Price Tracker compares prices across marketplaces and tells you when they drop. This page says what
          we keep and why.
        </p>
        <h2>What we store</h2>
        <ul>
          <li>
            Your account: email address, name, a hash of your password, and when you confirmed your email.
          </li>
          <li>
            Your wishlists, their items and notes, your price alerts and the price history of tracked
            products.
          </li>
          <li>
            Request logs (route, status, timing and your user id) for 30 days, to keep the service fast and
            secure.
          </li>
        </ul>
        <h2>In your browser</h2>
        <p>
          Local storage keeps your region, theme, Pro Mode, sign-in session, and — without an account — your
          wishlists and alerts. With your consent, error reports (what failed, on which page) are sent to us.
        </p>
        <h2>Who sees it</h2>
        <p>
          Nobody else. We do not sell data. Marketplace searches are sent to eBay and AliExpress without your
          identity. Emails go through our mail provider only to send you the messages you asked for.
        </p>
        <h2>Your choices</h2>
        <p>
          Change your preferences in Settings, and delete your account and local data at any time on the Data
          deletion page.
        </p>
      </div>
    </Page>
  );
}
