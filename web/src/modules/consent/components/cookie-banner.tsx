import { useState } from 'react';
import { Link } from 'react-router-dom';
import { persistedStore, wordCodec } from '../../../lib/persisted-store';
import { LOCAL_KEYS } from '../../../lib/storage-keys';

export type CookieConsent = 'accepted' | 'essential';

/** No entry (or another word) is no choice yet. */
const consent = persistedStore({
  key: LOCAL_KEYS.cookieConsent,
  codec: wordCodec<CookieConsent>(['accepted', 'essential']),
  fallback: () => null,
});

export const readCookieConsent = (): CookieConsent | null => consent.readStored();

/** The stored choice hides the banner for good; "Essential only" keeps monitoring reports off the server. */
export function CookieBanner() {
  const [choice, setChoice] = useState(readCookieConsent);
  if (choice) return null;
  const choose = (value: CookieConsent) => {
    consent.set(value);
    setChoice(value);
  };
  return (
    <div className="cookie-banner" role="region" aria-label="Cookie consent">
      <p>
        We keep your region, theme, wishlists and sign-in in your browser&apos;s storage so the app works.
        With your consent we also send anonymous error reports. See our{' '}
        <Link to="/privacy">privacy policy</Link>.
      </p>
      <div className="row">
        <button type="button" className="btn btn-sm" onClick={() => choose('essential')}>
          Essential only
        </button>
        <button type="button" className="btn btn-sm btn-primary" onClick={() => choose('accepted')}>
          Accept all
        </button>
      </div>
    </div>
  );
}
