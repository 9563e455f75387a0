import { Link } from 'react-router-dom';
import { DEFAULT_USER_PREFERENCES, themeFromPreference, type PreferenceTheme, type Theme } from '@pt/domain';
import { useEmailPreference } from '../modules/account/hooks/use-email-preference';
import { writeLocalPreferences, type Preferences } from '../modules/account/utils/preferences';
import { authClient } from '../modules/auth/api/auth-client';
import { useAuth } from '../modules/auth/hooks/auth-context';
import { useProMode } from '../modules/pro/hooks/pro-context';
import { useRegion } from '../modules/region/hooks/region-context';
import { useTheme } from '../modules/theme/hooks/theme-context';
import { Page } from '../ui/page';
import { Switch } from '../ui/switch';
import { Select } from '../ui/select';

const THEME_OPTIONS = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
  { value: 'auto', label: 'System' },
];

const preferenceOf = (theme: Theme): PreferenceTheme => (theme === 'system' ? 'auto' : theme);

const DELIVERY_OPTIONS = [
  { value: 'instant', label: 'Instant emails' },
  { value: 'digest', label: 'Daily digest' },
];

const HOUR_OPTIONS = Array.from({ length: 24 }, (_, hour) => ({
  value: String(hour),
  label: `${String(hour).padStart(2, '0')}:00`,
}));

/**
 * §3 user preferences, each control saved as it changes, from the place that acts on it:
 * - the theme is the one in use (the theme provider, which the header menu also sets);
 * - prices show in the region's currency, so the region (header menu) is the one currency control;
 * - the email switch is the alert-notifier's preference, which decides whether price-drop emails go
 *   out at all, and how: one email per drop, or one daily digest at a local hour. The
 *   hour is meant in this browser's zone, sent with every change of the delivery.
 * The §3 record {currency, theme, notifications} is still kept (in this browser, and on the account
 * for signed-in users) so earlier copies of it stay readable.
 */
export default function SettingsPage() {
  const { user, authenticated } = useAuth();
  const { theme, setTheme } = useTheme();
  const { region } = useRegion();
  const { isPro, dispatch } = useProMode();
  const emails = useEmailPreference(authenticated ? user?.id : undefined);

  async function keepRecord(change: Partial<Preferences>) {
    const record: Preferences = {
      currency: region.currency,
      theme: preferenceOf(theme),
      notifications: emails.enabled ?? DEFAULT_USER_PREFERENCES.notifications,
      ...change,
    };
    writeLocalPreferences(record);
    if (authenticated) await authClient.updateUser({ data: { preferences: record } });
  }

  function chooseTheme(value: PreferenceTheme) {
    setTheme(themeFromPreference(value));
    void keepRecord({ theme: value });
  }

  function switchEmails(on: boolean) {
    emails.set(on, () => void keepRecord({ notifications: on }));
  }

  return (
    <Page title="Settings">
      <div style={{ maxWidth: '26rem' }}>
        <Select
          id="pref-theme"
          label="Theme"
          value={preferenceOf(theme)}
          onValueChange={(next) => chooseTheme(next as PreferenceTheme)}
          options={THEME_OPTIONS}
        />
        <p className="muted" data-testid="price-currency">
          Prices show in your region&apos;s currency: {region.currency} ({region.name}). Change the region
          from the region menu at the top of the page.
        </p>
        <Switch
          label="Email notifications (price-drop alerts)"
          checked={emails.enabled ?? false}
          disabled={!authenticated || emails.enabled === undefined || emails.saving}
          onCheckedChange={switchEmails}
        />
        <p className="muted">
          {!authenticated
            ? 'Sign in to get an email when a price reaches your alert’s target.'
            : emails.failed
              ? 'Your email setting could not be loaded. Reload the page to try again.'
              : 'Off: no price-drop emails at all. Alerts you set stay on the price alerts page.'}{' '}
          {authenticated && <Link to="/wishlist/alerts">Manage your alerts</Link>}
        </p>
        {authenticated && emails.preferences && (
          <div data-testid="email-delivery">
            <Select
              id="pref-delivery"
              label="How price-drop emails arrive"
              value={emails.preferences.delivery}
              disabled={emails.saving || !emails.preferences.notifications}
              onValueChange={(next) =>
                emails.setDelivery({
                  delivery: next === 'digest' ? 'digest' : 'instant',
                  digestHour: emails.preferences?.digestHour ?? 8,
                })
              }
              options={DELIVERY_OPTIONS}
            />
            {emails.preferences.delivery === 'digest' && (
              <Select
                id="pref-digest-hour"
                label="Daily digest at"
                value={String(emails.preferences.digestHour)}
                disabled={emails.saving || !emails.preferences.notifications}
                onValueChange={(next) => emails.setDelivery({ delivery: 'digest', digestHour: Number(next) })}
                options={HOUR_OPTIONS}
              />
            )}
            <p className="muted">
              {emails.preferences.delivery === 'digest'
                ? `One email a day at ${String(emails.preferences.digestHour).padStart(2, '0')}:00 (${emails.preferences.timeZone}) listing every alert that fired.`
                : 'One email for each alert as it fires.'}
            </p>
          </div>
        )}
      </div>
      <h2>Pro Mode</h2>
      <p className="muted">Switch the Pro experience on or off without leaving this page.</p>
      <Switch
        label="Pro Mode (no redirect)"
        checked={isPro}
        onCheckedChange={() => dispatch({ type: 'toggle', redirect: false })}
      />
    </Page>
  );
}
