import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { CURRENCY_CODES, themeFromPreference, type PreferenceTheme } from '@pt/domain';
import {
  normalizePreferences,
  readLocalPreferences,
  writeLocalPreferences,
  type Preferences,
} from '../modules/account/utils/preferences';
import { authClient } from '../modules/auth/api/auth-client';
import { useAuth } from '../modules/auth/hooks/auth-context';
import { useProMode } from '../modules/pro/hooks/pro-context';
import { useTheme } from '../modules/theme/hooks/theme-context';
import { Page } from '../ui/page';
import { Switch } from '../ui/switch';

/**
 * §3 user preferences. Signed-in users' preferences are saved on the account (user_metadata
 * .preferences, which reaches the notifier with auth.user-changed); anonymous ones stay local.
 */
export default function SettingsPage() {
  const { user, authenticated } = useAuth();
  const { setTheme } = useTheme();
  const { isPro, dispatch } = useProMode();
  const [prefs, setPrefs] = useState<Preferences>(() =>
    authenticated && user
      ? normalizePreferences(
          (user.user_metadata as { preferences?: unknown }).preferences ?? readLocalPreferences(),
        )
      : readLocalPreferences(),
  );
  const [saving, setSaving] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    writeLocalPreferences(prefs);
    setTheme(themeFromPreference(prefs.theme));
    if (authenticated) {
      const { error } = await authClient.updateUser({ data: { preferences: prefs } });
      setSaving(false);
      if (error) return void toast.error(error.message);
    } else setSaving(false);
    toast.success('Preferences saved');
  }

  return (
    <Page title="Settings">
      <form onSubmit={onSubmit} style={{ maxWidth: '26rem' }} aria-label="Preferences">
        <div className="field">
          <label htmlFor="pref-currency">Currency</label>
          <select
            id="pref-currency"
            value={prefs.currency}
            onChange={(e) => setPrefs({ ...prefs, currency: e.target.value })}
          >
            {CURRENCY_CODES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="pref-theme">Theme</label>
          <select
            id="pref-theme"
            value={prefs.theme}
            onChange={(e) => setPrefs({ ...prefs, theme: e.target.value as PreferenceTheme })}
          >
            <option value="light">Light</option>
            <option value="dark">Dark</option>
            <option value="auto">System</option>
          </select>
        </div>
        <Switch
          label="Email notifications (price-drop alerts)"
          checked={prefs.notifications}
          onCheckedChange={(notifications) => setPrefs({ ...prefs, notifications })}
        />
        <p className="muted">
          {authenticated
            ? 'Saved to your account.'
            : 'Saved in this browser. Sign in to keep them on your account.'}
        </p>
        <button type="submit" className="btn btn-primary" disabled={saving}>
          {saving ? 'Saving...' : 'Save Preferences'}
        </button>
      </form>
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
