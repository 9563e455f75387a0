import { Page } from '../ui/page';

export default function TermsPage() {
  return (
    <Page title="Terms and conditions">
      <div className="prose">
        <p>By using Price Tracker you agree to these terms.</p>
        <h2>The service</h2>
        <p>
          We show product information and prices from third-party marketplaces. Prices, availability and
          shipping can change at any time; the marketplace&apos;s page is authoritative when you buy.
          Purchases are contracts between you and the seller, not us.
        </p>
        <h2>Your account</h2>
        <p>
          Keep your password to yourself and tell us about misuse. We may suspend accounts that abuse the
          service, such as automated scraping or attempts to access other users&apos; data.
        </p>
        <h2>Beta</h2>
        <p>
          During the beta, premium features are free and may change. We will announce pricing before it
          applies.
        </p>
        <h2>Liability</h2>
        <p>
          The service is provided as is. We are not liable for price errors of marketplaces or for missed
          alerts, though we work to deliver every one.
        </p>
      </div>
    </Page>
  );
}
